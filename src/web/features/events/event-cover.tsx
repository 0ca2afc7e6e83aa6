import { CalendarDays } from 'lucide-react';
import type { Event } from '../../../contracts/events';
import { cn } from '../../lib/cn';

/**
 * The 16:9 cover in the three sizes the server makes (400, 800, 1600 px wide WebP); `sizes` says
 * how wide it is drawn so the browser fetches the smallest that fits. Events without a cover get
 * a quiet placeholder of the same shape, so lists do not jump.
 */
export function EventCover({
  event,
  sizes,
  isPriority = false,
  className,
}: {
  event: Pick<Event, 'coverImage' | 'category'>;
  sizes: string;
  isPriority?: boolean;
  className?: string;
}) {
  const cover = event.coverImage;
  if (!cover) {
    return (
      <div
        className={cn(
          'flex aspect-video w-full items-center justify-center bg-gradient-to-br from-primary-soft to-muted text-primary',
          className,
        )}
      >
        <CalendarDays aria-hidden="true" className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={cover.medium}
      srcSet={`${cover.small} 400w, ${cover.medium} 800w, ${cover.large} 1600w`}
      sizes={sizes}
      alt=""
      width={1600}
      height={900}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding="async"
      className={cn('aspect-video w-full bg-muted object-cover', className)}
    />
  );
}

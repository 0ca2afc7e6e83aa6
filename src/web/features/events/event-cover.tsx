import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import type { Event } from '../../../contracts/events';
import { cnLight } from '../../lib/cn-light';

/** A short, stable tag of the text a designed cover shows, so a renamed event gets a new one. */
function coverVersion(text: string): string {
  let hash = 5381;
  for (const char of text) hash = (Math.imul(hash, 33) ^ char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}

/**
 * The 16:9 cover in the three sizes the server makes (400, 800, 1600 px wide WebP); `sizes` says
 * how wide it is drawn so the browser fetches the smallest that fits. An event whose organizer
 * uploaded none gets a designed cover from its title and category (decision 047); where that
 * cannot be drawn (an event not public yet) a quiet placeholder of the same shape shows, so lists
 * never jump.
 */
export function EventCover({
  event,
  sizes,
  isPriority = false,
  className,
}: {
  event: Pick<Event, 'id' | 'title' | 'coverImage' | 'category'>;
  sizes: string;
  isPriority?: boolean;
  className?: string;
}) {
  const [isDefaultMissing, setDefaultMissing] = useState(false);
  const cover = event.coverImage;
  const image = {
    sizes,
    alt: '',
    width: 1600,
    height: 900,
    loading: isPriority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: isPriority ? ('high' as const) : ('auto' as const),
    decoding: 'async' as const,
    className: cnLight('aspect-video w-full bg-muted object-cover', className),
  };
  if (cover)
    return (
      <img
        src={cover.medium}
        srcSet={`${cover.small} 400w, ${cover.medium} 800w, ${cover.large} 1600w`}
        {...image}
      />
    );
  if (!isDefaultMissing)
    return (
      <img
        src={`/og/cover/${event.id}.webp?v=${coverVersion(`${event.title}\n${event.category}`)}`}
        onError={() => setDefaultMissing(true)}
        data-cover="designed"
        {...image}
      />
    );
  return (
    <div
      className={cnLight(
        'flex aspect-video w-full items-center justify-center bg-gradient-to-br from-primary-soft to-muted text-primary',
        className,
      )}
    >
      <CalendarDays aria-hidden="true" className="size-10" />
    </div>
  );
}

import { UserRound } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** A round avatar, or a neutral placeholder when there is none. */
export function AvatarImage({
  src,
  alt,
  className,
}: {
  src: string | null;
  alt: string;
  className?: string;
}) {
  return src ? (
    <img src={src} alt={alt} className={cn('size-24 rounded-full object-cover', className)} />
  ) : (
    <span
      role="img"
      aria-label={alt}
      className={cn(
        'flex size-24 items-center justify-center rounded-full bg-muted text-muted-foreground',
        className,
      )}
    >
      <UserRound aria-hidden="true" className="size-1/2" />
    </span>
  );
}

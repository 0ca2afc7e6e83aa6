import { UsersRound, UserRound } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A round picture of a person or a group; decorative (the name is always next to it). */
export function ChatAvatar({
  src,
  isGroup = false,
  className,
}: {
  src: string | null;
  isGroup?: boolean;
  className?: string;
}) {
  const Icon = isGroup ? UsersRound : UserRound;
  return src ? (
    <img
      src={src}
      alt=""
      className={cn('size-10 shrink-0 rounded-full object-cover', className)}
      loading="lazy"
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-1/2" />
    </span>
  );
}

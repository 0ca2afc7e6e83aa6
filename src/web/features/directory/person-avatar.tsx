import { cn } from '../../lib/cn';

/** A person's photo, or their initials on a tinted circle. Decorative: the name is beside it. */
export function PersonAvatar({
  name,
  avatarUrl,
  className,
}: {
  name: string;
  avatarUrl: string | null;
  className?: string;
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  if (avatarUrl) {
    return (
      <img
        src={avatarUrl}
        alt=""
        className={cn('size-12 shrink-0 rounded-full bg-muted object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary',
        className,
      )}
    >
      {initials || '?'}
    </span>
  );
}

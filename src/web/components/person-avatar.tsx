import { cnLight } from '../lib/cn-light';
import { initials } from '../lib/initials';

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
  if (avatarUrl) {
    return (
      <img
        src={avatarUrl}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        className={cnLight('size-12 shrink-0 rounded-full bg-muted object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cnLight(
        'flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

import { cnLight } from '../lib/cn-light';

/** The product mark: a ticket with a star, drawn inline so the header needs no image request. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cnLight('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M7 11a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a3 3 0 0 0 0 6v2a2 2 0 0 0-2 2H9a2 2 0 0 0-2-2v-2a3 3 0 0 0 0-6z"
        className="fill-primary-foreground"
      />
      <path
        d="m16 11.5 1.3 2.7 2.9.4-2.1 2 .5 2.9-2.6-1.4-2.6 1.4.5-2.9-2.1-2 2.9-.4z"
        className="fill-primary"
      />
    </svg>
  );
}

import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem<V extends string> {
  value: V;
  label: string;
  /** A count shown as a badge after the label (read with it: "Pending 3"). */
  count?: number;
}

/**
 * WAI-ARIA tabs, controlled: one tab stop for the list, arrows/Home/End move and select
 * (automatic activation). Panels are rendered by `TabPanel` with the same `idBase`.
 */
export function TabList<V extends string>({
  idBase,
  label,
  items,
  value,
  onChange,
  className,
}: {
  idBase: string;
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    // The arrow that points to the next tab: in a right-to-left page the tabs run leftwards.
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const [forward, backward] = rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
    const next =
      event.key === forward
        ? index === last
          ? 0
          : index + 1
        : event.key === backward
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1', className)}
    >
      {items.map((item, i) => {
        const isSelected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.value}`}
            aria-selected={isSelected}
            aria-controls={`${idBase}-panel-${item.value}`}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onChange(item.value)}
            className={cn(
              'rounded-md px-1.5 py-2 text-sm leading-tight font-medium transition-colors',
              isSelected
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
            {item.count !== undefined ? (
              <span className="ms-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                {item.count}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** A tab's panel; inactive panels stay mounted (hidden) so half-typed forms survive a switch. */
export function TabPanel({
  idBase,
  value,
  isActive,
  children,
  className,
}: {
  idBase: string;
  value: string;
  isActive: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idBase}-panel-${value}`}
      aria-labelledby={`${idBase}-tab-${value}`}
      hidden={!isActive}
      tabIndex={0}
      className={cn('outline-none focus-visible:outline-2 focus-visible:outline-ring', className)}
    >
      {children}
    </div>
  );
}

import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

const LABELS = [
  '1 star: poor',
  '2 stars: fair',
  '3 stars: good',
  '4 stars: very good',
  '5 stars: excellent',
];

/**
 * 1–5 stars as a native radio group (one tab stop, arrow keys move and select, read as
 * "3 stars: good, 3 of 5"); the stars are the radios' labels.
 */
export function StarRating({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
}) {
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={error ? `${name}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {LABELS.map((label, i) => {
          const n = i + 1;
          const id = `${name}-${n}`;
          return (
            <span key={n}>
              <input
                type="radio"
                id={id}
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                title={label}
                className="flex size-11 cursor-pointer items-center justify-center rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
              >
                <Star
                  aria-hidden="true"
                  className={cn(
                    'size-8',
                    value !== null && n <= value
                      ? 'fill-amber-400 text-amber-500'
                      : 'text-muted-foreground',
                  )}
                />
                <span className="sr-only">{label}</span>
              </label>
            </span>
          );
        })}
      </div>
      {error ? (
        <p id={`${name}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A read-only rating: "★ 4.3 · 12 ratings", read as "Rated 4.3 out of 5 from 12 ratings". */
export function RatingLine({ average, count }: { average: number; count: number }) {
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span className="sr-only">
        Rated {average.toFixed(1)} out of 5 from {count} ratings
      </span>
      <span aria-hidden="true">
        <span className="font-semibold">{average.toFixed(1)}</span>
        <span className="text-muted-foreground"> · {count} ratings</span>
      </span>
    </p>
  );
}

/** Stars for one person's rating (read as "4 of 5 stars"). */
export function StarsOf({ rating }: { rating: number }) {
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={`${rating} of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            'size-4',
            n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
          )}
        />
      ))}
    </span>
  );
}

import { msg } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { cnLight } from '../../lib/cn-light';
import { currentIntlLocale } from '../../lib/intl-locale';

const LABELS = [
  msg`1 star: poor`,
  msg`2 stars: fair`,
  msg`3 stars: good`,
  msg`4 stars: very good`,
  msg`5 stars: excellent`,
];

/** An average rating with one decimal, in the page's language ("4.3", "4,3"). */
export function formatAverage(average: number): string {
  return new Intl.NumberFormat(currentIntlLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
}

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
  const { i18n } = useLingui();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={error ? `${name}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {LABELS.map((descriptor, i) => {
          const label = i18n._(descriptor);
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
                  className={cnLight(
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
  const shown = formatAverage(average);
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span className="sr-only">
        <Plural
          value={count}
          one={`Rated ${shown} out of 5 from # rating`}
          other={`Rated ${shown} out of 5 from # ratings`}
        />
      </span>
      <span aria-hidden="true">
        <span className="font-semibold">{shown}</span>
        <span className="text-muted-foreground">
          {' · '}
          <Plural value={count} one="# rating" other="# ratings" />
        </span>
      </span>
    </p>
  );
}

/** Stars for one person's rating (read as "4 of 5 stars"). */
export function StarsOf({ rating }: { rating: number }) {
  const { t } = useLingui();
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={t`${rating} of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cnLight(
            'size-4',
            n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
          )}
        />
      ))}
    </span>
  );
}

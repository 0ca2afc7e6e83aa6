import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { DiaryItem } from '../../../contracts/diary';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatTime } from '../../lib/dates';
import { currentIntlLocale } from '../../lib/intl-locale';
import { paths } from '../../lib/paths';

// The diary's calendar, drawn in the viewer's own time zone (the browser's), weeks from Monday.

const DAY_MS = 86_400_000;
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
/** Monday of the date's week. */
export const startOfWeek = (date: Date) => {
  const day = startOfDay(date);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
};
const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

function byDay(items: DiaryItem[]) {
  const days = new Map<string, DiaryItem[]>();
  for (const item of items) {
    const key = dayKey(new Date(item.event.startsAt));
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  for (const list of days.values())
    list.sort((a, b) => a.event.startsAt.localeCompare(b.event.startsAt));
  return days;
}

/** An event's start time in the viewer's zone, in the page's language. */
const time = (iso: string) => formatTime(iso);

/** Monday to Sunday as the page's language names them (1 January 2024 was a Monday). */
const weekdays = (locale: string, weekday: 'short' | 'long') =>
  Array.from({ length: 7 }, (_, i) =>
    addDays(new Date(2024, 0, 1), i).toLocaleDateString(locale, { weekday }),
  );

function Pager({
  label,
  onPrevious,
  onNext,
  previousLabel,
  nextLabel,
}: {
  label: string;
  onPrevious: () => void;
  onNext: () => void;
  previousLabel: string;
  nextLabel: string;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" onClick={onPrevious} aria-label={previousLabel}>
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Button>
      <h2 className="text-lg font-semibold" aria-live="polite">
        {label}
      </h2>
      <Button variant="outline" size="sm" onClick={onNext} aria-label={nextLabel}>
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Button>
    </div>
  );
}

/** A month as a table of weeks; each day lists its events as links. */
export function MonthView({
  items,
  month,
  onMonth,
  today,
}: {
  items: DiaryItem[];
  month: Date;
  onMonth: (month: Date) => void;
  today: Date;
}) {
  const { t } = useLingui();
  const locale = currentIntlLocale();
  const weekdaysShort = weekdays(locale, 'short');
  const weekdaysLong = weekdays(locale, 'long');
  const days = byDay(items);
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const start = startOfWeek(first);
  const weeks: Date[][] = [];
  for (let week = 0; week < 6; week += 1) {
    const row = Array.from({ length: 7 }, (_, i) => addDays(start, week * 7 + i));
    if (week > 3 && row[0] && row[0].getMonth() !== month.getMonth()) break;
    weeks.push(row);
  }
  const title = first.toLocaleDateString(locale, { month: 'long', year: 'numeric' });
  return (
    <div className="flex flex-col gap-3">
      <Pager
        label={title}
        previousLabel={t`Previous month`}
        nextLabel={t`Next month`}
        onPrevious={() => onMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1))}
        onNext={() => onMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1))}
      />
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">
          <Trans>My events in {title}</Trans>
        </caption>
        <thead>
          <tr>
            {weekdaysShort.map((day, i) => (
              <th key={day} scope="col" className="py-1 text-xs font-medium text-muted-foreground">
                <abbr title={weekdaysLong[i]} className="no-underline">
                  {day}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0] ?? first)}>
              {week.map((day) => {
                const events = days.get(dayKey(day)) ?? [];
                const outside = day.getMonth() !== month.getMonth();
                const isToday = dayKey(day) === dayKey(today);
                return (
                  <td
                    key={dayKey(day)}
                    className={cn(
                      'h-20 border border-border p-1 align-top sm:h-24',
                      outside && 'bg-muted/40 text-muted-foreground',
                    )}
                  >
                    <span
                      className={cn(
                        'inline-flex size-6 items-center justify-center rounded-full text-xs',
                        isToday && 'bg-primary font-semibold text-primary-foreground',
                      )}
                      aria-current={isToday ? 'date' : undefined}
                    >
                      {day.getDate()}
                    </span>
                    <ul className="flex flex-col gap-0.5">
                      {events.map((item) => (
                        <li key={item.event.id}>
                          <Link
                            to={paths.event(item.event.id)}
                            className="block truncate rounded bg-primary/10 px-1 text-xs text-foreground hover:underline"
                            title={`${time(item.event.startsAt)} ${item.event.title}`}
                          >
                            {item.event.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One week, a day per row: readable on a phone. */
export function WeekView({
  items,
  week,
  onWeek,
  today,
}: {
  items: DiaryItem[];
  week: Date;
  onWeek: (week: Date) => void;
  today: Date;
}) {
  const { t } = useLingui();
  const locale = currentIntlLocale();
  const days = byDay(items);
  const dates = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const last = dates[6] ?? week;
  // "Nov 30 – Dec 6, 2026" in the page's language (Intl writes a range the language's way).
  const label = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).formatRange(week, last);
  return (
    <div className="flex flex-col gap-3">
      <Pager
        label={label}
        previousLabel={t`Previous week`}
        nextLabel={t`Next week`}
        onPrevious={() => onWeek(new Date(week.getTime() - 7 * DAY_MS))}
        onNext={() => onWeek(addDays(week, 7))}
      />
      <ol className="flex flex-col divide-y divide-border rounded-md border border-border">
        {dates.map((day) => {
          const events = days.get(dayKey(day)) ?? [];
          const isToday = dayKey(day) === dayKey(today);
          return (
            <li
              key={dayKey(day)}
              className="flex gap-4 p-3"
              aria-current={isToday ? 'date' : undefined}
            >
              <p
                className={cn(
                  'w-24 shrink-0 text-sm',
                  isToday ? 'font-semibold text-primary' : 'text-muted-foreground',
                )}
              >
                {day.toLocaleDateString(locale, {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                })}
              </p>
              {events.length ? (
                <ul className="flex min-w-0 flex-col gap-1">
                  {events.map((item) => (
                    <li key={item.event.id} className="min-w-0">
                      <span className="text-sm text-muted-foreground">
                        {time(item.event.startsAt)}{' '}
                      </span>
                      <Link to={paths.event(item.event.id)} className="font-medium hover:underline">
                        {item.event.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">
                  <Trans>No events</Trans>
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { Seat } from '../../../contracts/seat-layout';
import type { EventSeating } from '../../../contracts/seating';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import type { SeatView } from './seat-view';

/**
 * The keyboard and screen-reader way to the map's seats: a section, then a row, then the row's
 * seats as checkboxes that say their state, category and accessibility.
 */
export function SeatLists({
  seats,
  seating,
  stateOf,
  onToggle,
}: {
  seats: Seat[];
  seating: EventSeating;
  stateOf: (seat: Seat) => SeatView;
  onToggle: (seat: Seat) => void;
}) {
  const { t } = useLingui();
  const sections = seating.plan.sections.filter(
    (s) => s.kind === 'grid' || s.kind === 'table' || s.kind === 'standing',
  );
  const [sectionId, setSectionId] = useState(sections[0]?.id ?? '');
  // An arena has 20,000 seats: sorted into rows once per section, not on every render.
  const { inSection, rows } = useMemo(() => {
    const here = seats.filter((s) => s.sectionId === sectionId);
    return { inSection: here, rows: [...new Set(here.map((s) => s.row ?? ''))] };
  }, [seats, sectionId]);
  const [row, setRow] = useState(rows[0] ?? '');
  const shownRow = rows.includes(row) ? row : (rows[0] ?? '');
  const inRow = inSection.filter((s) => (s.row ?? '') === shownRow).slice(0, 200);
  const categories = new Map(seating.plan.categories.map((c) => [c.id, c.name]));
  const stateLabel = (view: SeatView) =>
    view === 'sold'
      ? t`sold`
      : view === 'held'
        ? t`held`
        : view === 'blocked'
          ? t`not for sale`
          : t`available`;
  const flagLabels = (seat: Seat) =>
    seat.flags.flatMap((flag) =>
      flag === 'wheelchair'
        ? [t`wheelchair space`]
        : flag === 'companion'
          ? [t`companion seat`]
          : flag === 'restricted'
            ? [t`restricted view`]
            : [],
    );
  return (
    <section
      aria-labelledby="seat-lists-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="seat-lists-title" className="font-bold">
        <Trans>Choose from lists</Trans>
      </h2>
      <Field id="list-section" label={t`Section`}>
        <Select id="list-section" value={sectionId} onChange={(e) => setSectionId(e.target.value)}>
          {sections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      </Field>
      {rows.length > 1 ? (
        <Field id="list-row" label={t`Row`}>
          <Select id="list-row" value={shownRow} onChange={(e) => setRow(e.target.value)}>
            {rows.map((r) => (
              <option key={r} value={r}>
                {t`Row ${r}`}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <fieldset className="flex max-h-72 flex-col gap-1 overflow-auto">
        <legend className="sr-only">
          <Trans>Seats</Trans>
        </legend>
        {inRow.map((seat) => {
          const view = stateOf(seat);
          const free = view === 'available' || view === 'selected';
          const details = [
            categories.get(seat.categoryId) ?? '',
            stateLabel(view === 'selected' ? 'available' : view),
            ...flagLabels(seat),
          ].join(', ');
          return (
            <label
              key={seat.id}
              className="flex items-center gap-2 text-sm has-[:disabled]:text-muted-foreground"
            >
              <input
                type="checkbox"
                checked={view === 'selected'}
                disabled={!free}
                onChange={() => onToggle(seat)}
                className="size-4"
              />
              <span>
                {seat.id} <span className="text-muted-foreground">({details})</span>
              </span>
            </label>
          );
        })}
      </fieldset>
    </section>
  );
}

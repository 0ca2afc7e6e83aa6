import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { expandPlan, type Seat } from '../../../contracts/seat-layout';
import { SEAT_FLAGS, type SeatFlag, type SeatPlan } from '../../../contracts/seating';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { AddSectionForm } from './add-section-form';
import { planQuery } from './api';
import { CategoriesEditor } from './categories-editor';
import { eventSeatingPath } from './paths';
import { EMPTY_PLAN, nextFreeY, nextSectionKey, withSection } from './plan-geometry';
import { PlanJson } from './plan-json';
import { PlanSaveBar } from './plan-save-bar';
import { SeatMap } from './seat-map';
import { useHistory } from './use-history';

interface Draft {
  name: string;
  plan: SeatPlan;
}

/** The plan designer: a new plan, or a saved one (each save is its next version). */
export function PlanDesignerPage() {
  const { planId } = useParams();
  const { t } = useLingui();
  const id = planId && planId !== 'new' ? planId : undefined;
  const query = useQuery({ ...planQuery(id ?? ''), enabled: Boolean(id) });
  if (id && query.isPending) return <PageSpinner />;
  if (id && query.isError)
    return (
      <PageBody>
        <LoadFailed
          title={t`The seating plan could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </PageBody>
    );
  const initial = query.data
    ? { name: query.data.name, plan: query.data.plan }
    : { name: '', plan: EMPTY_PLAN };
  return (
    <PageBody>
      <Designer
        key={`${id ?? 'new'}-${query.data?.version ?? 0}`}
        planId={id}
        version={query.data?.version}
        initial={initial}
      />
    </PageBody>
  );
}

function Designer({
  planId,
  version,
  initial,
}: {
  planId?: string;
  version?: number;
  initial: Draft;
}) {
  const [params] = useSearchParams();
  const eventId = params.get('event');
  const history = useHistory<Draft>(initial);
  const { plan, name } = history.value;
  const setPlan = (change: (plan: SeatPlan) => SeatPlan) =>
    history.set((d) => ({ ...d, plan: change(d.plan) }));
  const seats = useMemo(() => expandPlan(plan), [plan]);
  const [selected, setSelected] = useState<string | null>(null);
  const { undo, redo } = history;

  // Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z or Ctrl+Y redoes (outside text fields, which undo typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const selectedSeat = seats.find((s) => s.id === selected) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        {eventId ? (
          <Link
            to={eventSeatingPath(eventId)}
            className="self-start text-sm font-medium text-primary hover:underline"
          >
            <Trans>Back to the event’s seating</Trans>
          </Link>
        ) : null}
        <h1 className="text-3xl font-extrabold tracking-tight">
          {planId ? <Trans>Edit seating plan</Trans> : <Trans>New seating plan</Trans>}
        </h1>
        {version ? (
          <p className="text-sm text-muted-foreground">
            <Trans>
              Version {version}. Saving makes a new version; events keep the version they sell on.
            </Trans>
          </p>
        ) : null}
      </header>
      <PlanSaveBar
        planId={planId}
        eventId={eventId}
        name={name}
        plan={plan}
        onName={(next) => history.set((d) => ({ ...d, name: next }))}
        history={history}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            <Plural
              value={seats.length}
              one="# seat or place. Click a seat to mark it."
              other="# seats and places. Click a seat to mark it."
            />
          </p>
          <SeatMap
            plan={plan}
            seats={seats}
            viewOf={(seat) =>
              seat.id === selected
                ? 'selected'
                : seat.flags.includes('blocked')
                  ? 'blocked'
                  : 'available'
            }
            selected={selected ? [selected] : []}
            onSeat={(seat) => setSelected(seat.id)}
          />
          <SectionsList
            plan={plan}
            onRemove={(id) =>
              setPlan((p) => ({ ...p, sections: p.sections.filter((s) => s.id !== id) }))
            }
          />
        </div>
        <div className="flex flex-col gap-4">
          <CategoriesEditor
            categories={plan.categories}
            onChange={(categories) => setPlan((p) => ({ ...p, categories }))}
          />
          <AddSectionForm
            categories={plan.categories}
            nextKey={nextSectionKey(plan)}
            nextY={nextFreeY(plan)}
            onAdd={(section) => setPlan((p) => withSection(p, section))}
          />
          <SeatEditor
            seats={seats}
            plan={plan}
            seat={selectedSeat}
            onSelect={setSelected}
            onChange={setPlan}
          />
          <PlanJson
            name={name}
            plan={plan}
            onImport={(imported) => history.set((d) => ({ ...d, plan: imported }))}
          />
        </div>
      </div>
    </div>
  );
}

function SectionsList({ plan, onRemove }: { plan: SeatPlan; onRemove: (id: string) => void }) {
  const { t } = useLingui();
  if (!plan.sections.length)
    return (
      <p className="text-muted-foreground">
        <Trans>Nothing drawn yet: add rows, tables, standing areas or a stage.</Trans>
      </p>
    );
  return (
    <ul aria-label={t`Sections`} className="flex flex-col divide-y divide-border">
      {plan.sections.map((section) => (
        <li key={section.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
          <span>
            <strong>{section.id}</strong> · {section.name}
            {section.kind === 'grid'
              ? ` · ${t`${section.rows} rows × ${section.seatsPerRow} seats`}`
              : section.kind === 'table'
                ? ` · ${t`table of ${section.seats}`}`
                : section.kind === 'standing'
                  ? ` · ${t`standing for ${section.capacity}`}`
                  : null}
          </span>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t`Remove ${section.name}`}
            onClick={() => onRemove(section.id)}
          >
            <Trans>Remove</Trans>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Marks one seat: accessible, companion, restricted view, blocked, or another category. */
function SeatEditor({
  seats,
  plan,
  seat,
  onSelect,
  onChange,
}: {
  seats: Seat[];
  plan: SeatPlan;
  seat: Seat | null;
  onSelect: (id: string | null) => void;
  onChange: (change: (plan: SeatPlan) => SeatPlan) => void;
}) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const labels: Record<SeatFlag, string> = {
    wheelchair: t`Wheelchair space`,
    companion: t`Companion seat`,
    restricted: t`Restricted view`,
    blocked: t`Blocked (not for sale)`,
  };
  const toggleFlag = (flag: SeatFlag) =>
    seat &&
    onChange((p) => {
      const current = p.seatFlags[seat.id] ?? [];
      const next = current.includes(flag) ? current.filter((f) => f !== flag) : [...current, flag];
      const seatFlags = { ...p.seatFlags, [seat.id]: next };
      if (!next.length) delete seatFlags[seat.id];
      return { ...p, seatFlags };
    });
  return (
    <section
      aria-labelledby="seat-editor-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="seat-editor-title" className="font-bold">
        <Trans>Mark a seat</Trans>
      </h2>
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const found = seats.find((s) => s.id.toLowerCase() === typed.trim().toLowerCase());
          onSelect(found?.id ?? null);
        }}
      >
        <div className="flex-1">
          <Field id="seat-id" label={t`Seat`} hint={t`For example ${seats[0]?.id ?? 'A-Row A-1'}`}>
            <Input
              id="seat-id"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby="seat-id-hint"
            />
          </Field>
        </div>
        <Button type="submit" variant="outline">
          <Trans>Select</Trans>
        </Button>
      </form>
      {seat ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{seat.id}</legend>
          {SEAT_FLAGS.map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={seat.flags.includes(flag)}
                onChange={() => toggleFlag(flag)}
              />
              {labels[flag]}
            </label>
          ))}
          <Field id="seat-category" label={t`Category of this seat`}>
            <Select
              id="seat-category"
              value={seat.categoryId}
              onChange={(e) =>
                onChange((p) => ({
                  ...p,
                  seatCategories: { ...p.seatCategories, [seat.id]: e.target.value },
                }))
              }
            >
              {plan.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        </fieldset>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No seat selected.</Trans>
        </p>
      )}
    </section>
  );
}

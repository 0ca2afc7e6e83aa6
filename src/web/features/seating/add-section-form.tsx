import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { SeatCategory, Section } from '../../../contracts/seating';
import { SectionSchema } from '../../../contracts/seating';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';

type Kind = Section['kind'];

const numberField = (value: string) => (value.trim() === '' ? NaN : Number(value));

/** Adds one section to the plan: a grid of rows × seats, a table, a standing area, a stage or a label. */
export function AddSectionForm({
  categories,
  nextKey,
  nextY,
  onAdd,
}: {
  categories: SeatCategory[];
  nextKey: string;
  nextY: number;
  onAdd: (section: Section) => void;
}) {
  const { t } = useLingui();
  const [kind, setKind] = useState<Kind>('grid');
  const [values, setValues] = useState<Record<string, string>>({
    name: '',
    x: '20',
    rows: '5',
    seatsPerRow: '10',
    seats: '8',
    capacity: '100',
    width: '200',
    height: '80',
    rowLabels: 'letters',
    numbering: 'ltr',
    parity: 'all',
    categoryId: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = (name: string) => values[name] ?? '';
  const change = (name: string) => (e: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const candidate = {
      kind,
      id: nextKey,
      name: v('name').trim() || nextKey,
      x: numberField(v('x')),
      y: nextY,
      rows: numberField(v('rows')),
      seatsPerRow: numberField(v('seatsPerRow')),
      seats: numberField(v('seats')),
      capacity: numberField(v('capacity')),
      width: numberField(v('width')),
      height: numberField(v('height')),
      rowLabels: v('rowLabels'),
      numbering: v('numbering'),
      parity: v('parity'),
      categoryId: v('categoryId') || categories[0]?.id,
    };
    const parsed = SectionSchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])),
      );
      return;
    }
    setErrors({});
    setValues((current) => ({ ...current, name: '' }));
    onAdd(parsed.data);
  };

  const input = (name: string, label: string, type = 'number') => (
    <Field id={`section-${name}`} label={label} error={errors[name]}>
      <Input
        id={`section-${name}`}
        type={type}
        value={v(name)}
        onChange={change(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `section-${name}-error` : undefined}
      />
    </Field>
  );
  const seated = kind === 'grid' || kind === 'table' || kind === 'standing';

  return (
    <form
      onSubmit={submit}
      aria-labelledby="add-section-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="add-section-title" className="font-bold">
        <Trans>Add to the plan</Trans>
      </h2>
      <Field id="section-kind" label={t`What to add`}>
        <Select id="section-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="grid">{t`Rows of seats`}</option>
          <option value="table">{t`Table`}</option>
          <option value="standing">{t`Standing area`}</option>
          <option value="stage">{t`Stage`}</option>
          <option value="label">{t`Label`}</option>
        </Select>
      </Field>
      {input('name', kind === 'label' ? t`Text` : t`Name`, 'text')}
      <div className="grid grid-cols-2 gap-3">
        {kind === 'grid' ? (
          <>
            {input('rows', t`Rows`)}
            {input('seatsPerRow', t`Seats per row`)}
          </>
        ) : null}
        {kind === 'table' ? input('seats', t`Seats at the table`) : null}
        {kind === 'standing' ? input('capacity', t`Capacity`) : null}
        {kind === 'standing' || kind === 'stage' ? (
          <>
            {input('width', t`Width`)}
            {input('height', t`Height`)}
          </>
        ) : null}
        {input('x', t`Distance from the left`)}
      </div>
      {kind === 'grid' ? (
        <div className="grid grid-cols-2 gap-3">
          <Field id="section-rowLabels" label={t`Row names`}>
            <Select id="section-rowLabels" value={v('rowLabels')} onChange={change('rowLabels')}>
              <option value="letters">{t`A, B, C…`}</option>
              <option value="numbers">{t`1, 2, 3…`}</option>
            </Select>
          </Field>
          <Field id="section-numbering" label={t`Seat 1 is`}>
            <Select id="section-numbering" value={v('numbering')} onChange={change('numbering')}>
              <option value="ltr">{t`On the left`}</option>
              <option value="rtl">{t`On the right`}</option>
            </Select>
          </Field>
          <Field id="section-parity" label={t`Seat numbers`}>
            <Select id="section-parity" value={v('parity')} onChange={change('parity')}>
              <option value="all">{t`All numbers`}</option>
              <option value="odd">{t`Odd numbers`}</option>
              <option value="even">{t`Even numbers`}</option>
            </Select>
          </Field>
        </div>
      ) : null}
      {seated ? (
        <Field id="section-categoryId" label={t`Category`} error={errors.categoryId}>
          <Select
            id="section-categoryId"
            value={v('categoryId') || categories[0]?.id}
            onChange={change('categoryId')}
          >
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Button type="submit" variant="secondary">
        <Trans>Add</Trans>
      </Button>
    </form>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { SeatCategory, Section } from '../../../contracts/seating';
import { SectionSchema } from '../../../contracts/seating';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';

type Kind = Section['kind'];

const numberField = (value: string) => (value.trim() === '' ? NaN : Number(value));

const FIELDS = [
  'kind',
  'name',
  'rows',
  'seatsPerRow',
  'seats',
  'capacity',
  'width',
  'height',
  'x',
  'rowLabels',
  'numbering',
  'parity',
  'categoryId',
] as const;
type Values = Record<(typeof FIELDS)[number], string> & { kind: Kind };
const DEFAULTS: Values = {
  kind: 'grid',
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
};

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
  const say = useContractText();
  const toSection = (values: Values) => ({
    kind: values.kind,
    id: nextKey,
    name: values.name.trim() || nextKey,
    x: numberField(values.x),
    y: nextY,
    rows: numberField(values.rows),
    seatsPerRow: numberField(values.seatsPerRow),
    seats: numberField(values.seats),
    capacity: numberField(values.capacity),
    width: numberField(values.width),
    height: numberField(values.height),
    rowLabels: values.rowLabels,
    numbering: values.numbering,
    parity: values.parity,
    categoryId: values.categoryId || categories[0]?.id,
  });
  const form = useForm<Values>({
    defaultValues: DEFAULTS,
    resolver: contractResolver<Values>(SectionSchema, toSection, FIELDS),
  });
  const kind = form.watch('kind');

  const submit = (values: Values) => {
    // The resolver checked it with the same schema; parsing again gives the defaults filled in.
    const section = SectionSchema.parse(toSection(values));
    form.setValue('name', '');
    onAdd(section);
  };

  const input = (name: (typeof FIELDS)[number], label: string, type = 'number') => (
    <FormField<Values> name={name} label={label} formatError={say}>
      {(control) => <Input {...control} type={type} />}
    </FormField>
  );
  const choice = (name: (typeof FIELDS)[number], label: string, options: [string, string][]) => (
    <FormField<Values> name={name} label={label}>
      {(control) => (
        <Select {...control}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
  const seated = kind === 'grid' || kind === 'table' || kind === 'standing';

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-labelledby="add-section-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="add-section-title" className="font-bold">
        <Trans>Add to the plan</Trans>
      </h2>
      {choice('kind', t`What to add`, [
        ['grid', t`Rows of seats`],
        ['table', t`Table`],
        ['standing', t`Standing area`],
        ['stage', t`Stage`],
        ['label', t`Label`],
      ])}
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
          {choice('rowLabels', t`Row names`, [
            ['letters', t`A, B, C…`],
            ['numbers', t`1, 2, 3…`],
          ])}
          {choice('numbering', t`Seat 1 is`, [
            ['ltr', t`On the left`],
            ['rtl', t`On the right`],
          ])}
          {choice('parity', t`Seat numbers`, [
            ['all', t`All numbers`],
            ['odd', t`Odd numbers`],
            ['even', t`Even numbers`],
          ])}
        </div>
      ) : null}
      {seated ? (
        <FormField<Values> name="categoryId" label={t`Category`} formatError={say}>
          {(control) => (
            <Select {...control} value={control.value || categories[0]?.id}>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      <Button type="submit" variant="secondary">
        <Trans>Add</Trans>
      </Button>
    </Form>
  );
}

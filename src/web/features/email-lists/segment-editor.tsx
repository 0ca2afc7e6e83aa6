import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef } from 'react';
import {
  CampaignSegmentSchema,
  SEGMENT_ATTRIBUTE_PREFIX,
  SEGMENT_DATE_OPERATORS,
  SEGMENT_LIMITS,
  SEGMENT_OPERATOR_LABELS,
  SEGMENT_TEXT_OPERATORS,
  segmentFieldKind,
  segmentNeedsValue,
  type CampaignSegment,
  type SegmentOperator,
} from '../../../contracts/marketing';
import { Button } from '../../components/ui/button';
import { describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { segmentCountQuery } from './api';

// The campaign editor's segment: All/Any and up to ten condition rows, with a live count of
// the people it reaches (the server's own selection, asked once typing pauses).

export interface ConditionRow {
  /** React's key for the row (rows are added and removed in the middle). */
  key: number;
  field: string;
  operator: SegmentOperator;
  value: string;
}
export interface SegmentDraft {
  match: 'all' | 'any';
  conditions: ConditionRow[];
}

const COUNT_DEBOUNCE_MS = 400;
const BUILT_IN_FIELDS: { field: string; label: MessageDescriptor }[] = [
  { field: 'email', label: msg`Email` },
  { field: 'name', label: msg`Name` },
  { field: 'subscribed_at', label: msg`Subscribed on (date)` },
];

let nextKey = 1;
const row = (field = 'email'): ConditionRow => ({
  key: nextKey++,
  field,
  operator: segmentFieldKind(field) === 'date' ? 'before' : 'is',
  value: '',
});

export function draftOf(segment: CampaignSegment | null | undefined): SegmentDraft {
  return {
    match: segment?.match ?? 'all',
    conditions: (segment?.conditions ?? []).map((c) => ({ ...c, key: nextKey++ })),
  };
}

/** What the API takes: no rows, no segment; `is set` and `is not set` carry no value. */
export function segmentOf(draft: SegmentDraft): CampaignSegment | null {
  if (draft.conditions.length === 0) return null;
  return {
    match: draft.match,
    conditions: draft.conditions.map(({ field, operator, value }) => ({
      field,
      operator,
      value: segmentNeedsValue(operator) ? value : '',
    })),
  };
}

export function SegmentEditor({
  value,
  onChange,
  listIds,
  disabled,
  errors,
}: {
  value: SegmentDraft;
  onChange: (draft: SegmentDraft) => void;
  listIds: string[];
  disabled: boolean;
  /** The server's field errors, keyed like `segment.conditions.0.value`. */
  errors: Record<string, string>;
}) {
  const { t, i18n } = useLingui();
  // The comparisons' names and the server's field messages come from the contracts.
  const say = useContractText();
  const id = useId();
  const segment = segmentOf(value);
  // A row still being filled in is not sent: the count shows once every row is complete.
  const complete = segment === null || CampaignSegmentSchema.safeParse(segment).success;
  // Compared as JSON: a new object with the same rows asks nothing new.
  const askedJson = useDebouncedValue(
    JSON.stringify({ listIds, segment: complete ? segment : null }),
    COUNT_DEBOUNCE_MS,
  );
  const asked = useMemo(
    () => JSON.parse(askedJson) as { listIds: string[]; segment: CampaignSegment | null },
    [askedJson],
  );
  // A sent campaign's segment is shown as it was; "would reach now" means nothing there.
  const count = useQuery({
    ...segmentCountQuery(asked),
    enabled: !disabled && asked.listIds.length > 0,
  });
  const rowsRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const columns = count.data?.columns ?? [];
  const fieldOptions = [
    ...BUILT_IN_FIELDS.map((f) => ({ field: f.field, label: i18n._(f.label) })),
    ...columns.map((c) => ({ field: `${SEGMENT_ATTRIBUTE_PREFIX}${c}`, label: c })),
  ];

  const update = (index: number, change: Partial<ConditionRow>) =>
    onChange({
      ...value,
      conditions: value.conditions.map((c, i) => (i === index ? { ...c, ...change } : c)),
    });
  const changeField = (index: number, field: string) => {
    const before = value.conditions[index];
    const kind = segmentFieldKind(field);
    // A date field takes before/after and a date; a text field the text comparisons.
    const keep = before && segmentFieldKind(before.field) === kind;
    update(
      index,
      keep ? { field } : { field, operator: kind === 'date' ? 'before' : 'is', value: '' },
    );
  };
  const add = () => {
    // Most segments are about an imported column: the first one is the likely start.
    const first = columns[0];
    onChange({
      ...value,
      conditions: [
        ...value.conditions,
        row(first ? `${SEGMENT_ATTRIBUTE_PREFIX}${first}` : 'email'),
      ],
    });
    // The new row's first control gets focus, so a keyboard user carries on there.
    requestAnimationFrame(() =>
      rowsRef.current?.querySelector<HTMLSelectElement>('li:last-child select')?.focus(),
    );
  };
  const remove = (index: number) => {
    onChange({ ...value, conditions: value.conditions.filter((_, i) => i !== index) });
    // The removed row's button is gone: focus goes on to "Add condition", not to the page.
    addRef.current?.focus();
  };

  const reached = count.data?.count ?? 0;
  let summary: string;
  if (listIds.length === 0) summary = t`Choose a list to see how many people this reaches.`;
  else if (!complete) summary = t`Complete each condition to see how many subscribers match.`;
  else if (count.isError && !count.isFetching) summary = t`The subscribers could not be counted.`;
  else if (!count.data) summary = t`Counting…`;
  else if (value.conditions.length === 0)
    summary = t`${plural(reached, { one: 'All # subscriber of the chosen lists.', other: 'All # subscribers of the chosen lists.' })}`;
  else
    summary = t`${plural(reached, { one: 'This segment has # subscriber.', other: 'This segment has # subscribers.' })}`;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">
        <Trans>Segment (optional)</Trans>
      </legend>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Only the subscribers of the chosen lists who match these conditions (text is compared
          without regard to case; dates are in UTC).
        </Trans>
      </p>
      {value.conditions.length > 1 ? (
        <div
          role="radiogroup"
          aria-label={t`Subscribers must match`}
          className="flex flex-wrap gap-4"
        >
          {(['all', 'any'] as const).map((match) => (
            <label key={match} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-match`}
                value={match}
                checked={value.match === match}
                disabled={disabled}
                onChange={() => onChange({ ...value, match })}
              />
              {match === 'all' ? (
                <Trans>Match all conditions</Trans>
              ) : (
                <Trans>Match any condition</Trans>
              )}
            </label>
          ))}
        </div>
      ) : null}
      {value.conditions.length > 0 ? (
        <ol ref={rowsRef} className="flex flex-col gap-3" aria-label={t`Conditions`}>
          {value.conditions.map((c, i) => {
            const position = i + 1;
            const rowId = `${id}-c${c.key}`;
            const error = (name: string) => errors[`segment.conditions.${i}.${name}`];
            const kind = segmentFieldKind(c.field);
            const operators = kind === 'date' ? SEGMENT_DATE_OPERATORS : SEGMENT_TEXT_OPERATORS;
            const known = fieldOptions.some((o) => o.field === c.field);
            return (
              <li
                key={c.key}
                className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
              >
                <div className="flex flex-col gap-1">
                  <Select
                    id={`${rowId}-field`}
                    aria-label={t`Condition ${position} field`}
                    value={c.field}
                    disabled={disabled}
                    aria-invalid={error('field') ? true : undefined}
                    aria-describedby={describedBy(`${rowId}-field`, { error: error('field') })}
                    onChange={(e) => changeField(i, e.target.value)}
                  >
                    {fieldOptions.map((o) => (
                      <option key={o.field} value={o.field}>
                        {o.label}
                      </option>
                    ))}
                    {known ? null : (
                      <option value={c.field}>
                        {c.field.startsWith(SEGMENT_ATTRIBUTE_PREFIX)
                          ? c.field.slice(SEGMENT_ATTRIBUTE_PREFIX.length)
                          : c.field}
                      </option>
                    )}
                  </Select>
                  <RowError id={`${rowId}-field`} error={error('field')} />
                </div>
                <div className="flex flex-col gap-1">
                  <Select
                    id={`${rowId}-op`}
                    aria-label={t`Condition ${position} comparison`}
                    value={c.operator}
                    disabled={disabled}
                    aria-invalid={error('operator') ? true : undefined}
                    aria-describedby={describedBy(`${rowId}-op`, { error: error('operator') })}
                    onChange={(e) => update(i, { operator: e.target.value as SegmentOperator })}
                  >
                    {operators.map((op) => (
                      <option key={op} value={op}>
                        {say(SEGMENT_OPERATOR_LABELS[op])}
                      </option>
                    ))}
                  </Select>
                  <RowError id={`${rowId}-op`} error={error('operator')} />
                </div>
                <div className="flex flex-col gap-1">
                  {segmentNeedsValue(c.operator) ? (
                    <Input
                      id={`${rowId}-value`}
                      aria-label={
                        kind === 'date'
                          ? t`Condition ${position} date`
                          : t`Condition ${position} value`
                      }
                      type={kind === 'date' ? 'date' : 'text'}
                      value={c.value}
                      maxLength={SEGMENT_LIMITS.value}
                      disabled={disabled}
                      aria-invalid={error('value') ? true : undefined}
                      aria-describedby={describedBy(`${rowId}-value`, { error: error('value') })}
                      onChange={(e) => update(i, { value: e.target.value })}
                    />
                  ) : null}
                  <RowError id={`${rowId}-value`} error={error('value')} />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={disabled}
                  aria-label={t`Remove condition ${position}`}
                  onClick={() => remove(i)}
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {errors['segment.conditions'] ? (
        <p className="text-sm font-medium text-destructive">{errors['segment.conditions']}</p>
      ) : null}
      {disabled ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={addRef}
            type="button"
            variant="outline"
            size="sm"
            disabled={value.conditions.length >= SEGMENT_LIMITS.conditions}
            onClick={add}
          >
            <Trans>Add condition</Trans>
          </Button>
          <p className="text-sm" role="status" aria-live="polite">
            {summary}
          </p>
        </div>
      )}
    </fieldset>
  );
}

function RowError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import {
  QUESTION_TYPES,
  QuestionInputSchema,
  type Question,
  type QuestionInput,
  type QuestionType,
} from '../../../contracts/questions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';

export const TYPE_LABELS: Record<QuestionType, MessageDescriptor> = {
  short_text: msg`Short text`,
  long_text: msg`Long text`,
  number: msg`Number`,
  single_choice: msg`Single choice`,
  multiple_choice: msg`Multiple choice`,
  checkbox: msg`Checkbox`,
  date: msg`Date`,
  phone: msg`Phone`,
  country: msg`Country`,
  file: msg`File upload`,
};

const isChoice = (type: QuestionType) => type === 'single_choice' || type === 'multiple_choice';
const hasLimits = (type: QuestionType) => type === 'number' || type === 'multiple_choice';

/** The answers a condition can wait for: a choice's options, or a ticked box. */
export const conditionAnswers = (question: Pick<Question, 'type' | 'options'>) =>
  question.type === 'checkbox' ? ['true'] : isChoice(question.type) ? question.options : [];

interface Draft {
  scope: 'order' | 'ticket';
  type: QuestionType;
  label: string;
  helpText: string;
  required: boolean;
  options: string;
  linkUrl: string;
  minValue: string;
  maxValue: string;
  ticketTypeIds: string[];
  conditionQuestionId: string;
  conditionValues: string[];
  showAtCheckIn: boolean;
}

const draftOf = (q?: Question): Draft => ({
  scope: q?.scope ?? 'ticket',
  type: q?.type ?? 'short_text',
  label: q?.label ?? '',
  helpText: q?.helpText ?? '',
  required: q?.required ?? false,
  options: q?.options.join('\n') ?? '',
  linkUrl: q?.linkUrl ?? '',
  minValue: q?.minValue?.toString() ?? '',
  maxValue: q?.maxValue?.toString() ?? '',
  ticketTypeIds: q?.ticketTypeIds ?? [],
  conditionQuestionId: q?.conditionQuestionId ?? '',
  conditionValues: q?.conditionValues ?? [],
  showAtCheckIn: q?.showAtCheckIn ?? false,
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Math.trunc(Number(text)));

function inputOf(d: Draft): QuestionInput {
  return {
    scope: d.scope,
    type: d.type,
    label: d.label,
    helpText: d.helpText,
    required: d.required,
    options: isChoice(d.type)
      ? d.options
          .split('\n')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    linkUrl: d.type === 'checkbox' && d.linkUrl.trim() ? d.linkUrl.trim() : null,
    minValue: hasLimits(d.type) ? numberOrNull(d.minValue) : null,
    maxValue: hasLimits(d.type) ? numberOrNull(d.maxValue) : null,
    ticketTypeIds: d.ticketTypeIds,
    conditionQuestionId: d.conditionQuestionId || null,
    conditionValues: d.conditionQuestionId ? d.conditionValues : [],
    showAtCheckIn: d.showAtCheckIn,
  };
}

/**
 * Adds or changes one question. `earlier` are the questions asked before it (a condition may
 * only wait for one of them).
 */
export function QuestionEditor({
  question,
  earlier,
  ticketTypes,
  isPending,
  error,
  onSave,
  onCancel,
}: {
  question?: Question;
  earlier: Question[];
  ticketTypes: { id: string; name: string }[];
  isPending: boolean;
  error: unknown;
  onSave: (input: QuestionInput) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const id = useId();
  const [d, setDraft] = useState<Draft>(() => draftOf(question));
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((prev) => ({ ...prev, [key]: value }));
  const errors = { ...fieldErrors(error), ...local };
  const f = (name: string) => `${id}-${name}`;
  const condition = earlier.find((q) => q.id === d.conditionQuestionId);
  // A per-order question can wait only for another per-order answer.
  const conditions = earlier.filter(
    (q) => conditionAnswers(q).length && (d.scope === 'ticket' || q.scope === 'order'),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(d);
    const parsed = QuestionInputSchema.safeParse(input);
    if (!parsed.success) {
      setLocal(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setLocal({});
    onSave(input);
  };
  const generalError =
    error && !Object.keys(fieldErrors(error)).length
      ? errorMessage(error, t`The question could not be saved. Please try again.`)
      : null;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border bg-card p-4"
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Asked</Trans>
        </legend>
        {(['ticket', 'order'] as const).map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={f('scope')}
              checked={d.scope === scope}
              onChange={() => set('scope', scope)}
              className="size-4 accent-primary"
            />
            {scope === 'ticket' ? t`Once per ticket` : t`Once per order`}
          </label>
        ))}
      </fieldset>
      <Field id={f('type')} label={t`Type`}>
        <Select
          id={f('type')}
          value={d.type}
          onChange={(e) => set('type', e.target.value as QuestionType)}
        >
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {i18n._(TYPE_LABELS[type])}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={f('label')} label={t`Question`} error={errors.label}>
        <Input
          id={f('label')}
          value={d.label}
          onChange={(e) => set('label', e.target.value)}
          aria-invalid={errors.label ? true : undefined}
          aria-describedby={describedBy(f('label'), { error: errors.label })}
        />
      </Field>
      <Field id={f('help')} label={t`Help text (optional)`} error={errors.helpText}>
        <Input
          id={f('help')}
          value={d.helpText}
          onChange={(e) => set('helpText', e.target.value)}
        />
      </Field>
      {isChoice(d.type) ? (
        <Field
          id={f('options')}
          label={t`Options`}
          hint={t`One option per line.`}
          error={errors.options}
        >
          <textarea
            id={f('options')}
            rows={4}
            value={d.options}
            onChange={(e) => set('options', e.target.value)}
            aria-invalid={errors.options ? true : undefined}
            aria-describedby={describedBy(f('options'), { hint: true, error: errors.options })}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
          />
        </Field>
      ) : null}
      {d.type === 'checkbox' ? (
        <Field
          id={f('link')}
          label={t`Link (optional)`}
          hint={t`For terms and conditions: shown beside the box.`}
          error={errors.linkUrl}
        >
          <Input
            id={f('link')}
            type="url"
            dir="ltr"
            value={d.linkUrl}
            onChange={(e) => set('linkUrl', e.target.value)}
            aria-invalid={errors.linkUrl ? true : undefined}
            aria-describedby={describedBy(f('link'), { hint: true, error: errors.linkUrl })}
          />
        </Field>
      ) : null}
      {hasLimits(d.type) ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={f('min')}
            label={d.type === 'number' ? t`Smallest value` : t`Fewest choices`}
            error={errors.minValue}
          >
            <Input
              id={f('min')}
              type="number"
              value={d.minValue}
              onChange={(e) => set('minValue', e.target.value)}
            />
          </Field>
          <Field
            id={f('max')}
            label={d.type === 'number' ? t`Largest value` : t`Most choices`}
            error={errors.maxValue}
          >
            <Input
              id={f('max')}
              type="number"
              value={d.maxValue}
              onChange={(e) => set('maxValue', e.target.value)}
              aria-invalid={errors.maxValue ? true : undefined}
              aria-describedby={describedBy(f('max'), { error: errors.maxValue })}
            />
          </Field>
        </div>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={d.required}
          onChange={(e) => set('required', e.target.checked)}
          className="size-4 accent-primary"
        />
        <Trans>An answer is required</Trans>
      </label>
      {ticketTypes.length > 1 ? (
        <fieldset className="flex flex-col gap-1.5" aria-describedby={f('types-hint')}>
          <legend className="mb-1 text-sm font-medium">
            <Trans>Ticket types</Trans>
          </legend>
          <p id={f('types-hint')} className="text-xs text-muted-foreground">
            <Trans>Asked for the chosen types only; none chosen: every type.</Trans>
          </p>
          {ticketTypes.map((type) => (
            <label key={type.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={d.ticketTypeIds.includes(type.id)}
                onChange={(e) =>
                  set(
                    'ticketTypeIds',
                    e.target.checked
                      ? [...d.ticketTypeIds, type.id]
                      : d.ticketTypeIds.filter((x) => x !== type.id),
                  )
                }
                className="size-4 accent-primary"
              />
              {type.name}
            </label>
          ))}
          {errors.ticketTypeIds ? (
            <p className="text-sm font-medium text-destructive">{say(errors.ticketTypeIds)}</p>
          ) : null}
        </fieldset>
      ) : null}
      {conditions.length ? (
        <Field id={f('condition')} label={t`Show only when`} error={errors.conditionQuestionId}>
          <Select
            id={f('condition')}
            value={d.conditionQuestionId}
            onChange={(e) =>
              setDraft((prev) => ({
                ...prev,
                conditionQuestionId: e.target.value,
                conditionValues: [],
              }))
            }
          >
            <option value="">{t`Always show this question`}</option>
            {conditions.map((q) => (
              <option key={q.id} value={q.id}>
                {q.label}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {condition ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium">
            <Trans>…is answered with</Trans>
          </legend>
          {conditionAnswers(condition).map((answer) => (
            <label key={answer} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={d.conditionValues.includes(answer)}
                onChange={(e) =>
                  set(
                    'conditionValues',
                    e.target.checked
                      ? [...d.conditionValues, answer]
                      : d.conditionValues.filter((x) => x !== answer),
                  )
                }
                className="size-4 accent-primary"
              />
              {answer === 'true' && condition.type === 'checkbox' ? t`Ticked` : answer}
            </label>
          ))}
          {errors.conditionValues ? (
            <p className="text-sm font-medium text-destructive">{say(errors.conditionValues)}</p>
          ) : null}
        </fieldset>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={d.showAtCheckIn}
          onChange={(e) => set('showAtCheckIn', e.target.checked)}
          className="size-4 accent-primary"
        />
        <Trans>Show the answer on the check-in screen</Trans>
      </label>
      {generalError ? <Alert variant="destructive">{generalError}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isPending}>
          {question ? t`Save question` : t`Add question`}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

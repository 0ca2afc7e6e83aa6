import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import {
  QUESTION_TYPES,
  QuestionInputSchema,
  type Question,
  type QuestionInput,
  type QuestionType,
} from '../../../contracts/questions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  CheckboxGroupField,
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
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

// In reading order: the first bad one is focused.
const FIELDS = [
  'label',
  'helpText',
  'options',
  'linkUrl',
  'minValue',
  'maxValue',
  'ticketTypeIds',
  'conditionQuestionId',
  'conditionValues',
] as const;
const resolver = contractResolver<Draft>(QuestionInputSchema, inputOf, FIELDS);

/**
 * Adds or changes one question. `earlier` are the questions asked before it (a condition may
 * only wait for one of them). `onSave` is the save mutation (its refusal lands on the fields);
 * `isPending` is that mutation's.
 */
export function QuestionEditor({
  question,
  earlier,
  ticketTypes,
  isPending,
  onSave,
  onCancel,
}: {
  question?: Question;
  earlier: Question[];
  ticketTypes: { id: string; name: string }[];
  isPending: boolean;
  onSave: (input: QuestionInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const form = useForm<Draft>({ defaultValues: draftOf(question), resolver });
  const [type, scope, conditionQuestionId] = useWatch({
    control: form.control,
    name: ['type', 'scope', 'conditionQuestionId'],
  });
  const generalError = form.formState.errors.root?.message;
  const condition = earlier.find((q) => q.id === conditionQuestionId);
  // A per-order question can wait only for another per-order answer.
  const conditions = earlier.filter(
    (q) => conditionAnswers(q).length && (scope === 'ticket' || q.scope === 'order'),
  );

  async function submit(draft: Draft) {
    try {
      await onSave(inputOf(draft));
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), {}), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The question could not be saved. Please try again.`),
        });
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-lg border bg-card p-4"
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Asked</Trans>
        </legend>
        {(['ticket', 'order'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={value}
              {...form.register('scope')}
              className="size-4 accent-primary"
            />
            {value === 'ticket' ? t`Once per ticket` : t`Once per order`}
          </label>
        ))}
      </fieldset>
      <FormField<Draft> name="type" label={t`Type`}>
        {(control) => (
          <Select {...control}>
            {QUESTION_TYPES.map((value) => (
              <option key={value} value={value}>
                {i18n._(TYPE_LABELS[value])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<Draft> name="label" label={t`Question`} formatError={say}>
        {(control) => <Input {...control} />}
      </FormField>
      <FormField<Draft> name="helpText" label={t`Help text (optional)`} formatError={say}>
        {(control) => <Input {...control} />}
      </FormField>
      {isChoice(type) ? (
        <FormField<Draft>
          name="options"
          label={t`Options`}
          hint={t`One option per line.`}
          formatError={say}
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
            />
          )}
        </FormField>
      ) : null}
      {type === 'checkbox' ? (
        <FormField<Draft>
          name="linkUrl"
          label={t`Link (optional)`}
          hint={t`For terms and conditions: shown beside the box.`}
          formatError={say}
        >
          {(control) => <Input {...control} type="url" dir="ltr" />}
        </FormField>
      ) : null}
      {hasLimits(type) ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField<Draft>
            name="minValue"
            label={type === 'number' ? t`Smallest value` : t`Fewest choices`}
            formatError={say}
          >
            {(control) => <Input {...control} type="number" />}
          </FormField>
          <FormField<Draft>
            name="maxValue"
            label={type === 'number' ? t`Largest value` : t`Most choices`}
            formatError={say}
          >
            {(control) => <Input {...control} type="number" />}
          </FormField>
        </div>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('required')} className="size-4 accent-primary" />
        <Trans>An answer is required</Trans>
      </label>
      {ticketTypes.length > 1 ? (
        <CheckboxGroupField<Draft>
          name="ticketTypeIds"
          formatError={say}
          legend={t`Ticket types`}
          hint={t`Asked for the chosen types only; none chosen: every type.`}
          choices={ticketTypes.map((x) => ({ value: x.id, label: x.name }))}
        />
      ) : null}
      {conditions.length ? (
        <FormField<Draft> name="conditionQuestionId" label={t`Show only when`} formatError={say}>
          {(control) => (
            <Select
              {...control}
              onChange={(e) => {
                control.onChange(e);
                form.setValue('conditionValues', []);
              }}
            >
              <option value="">{t`Always show this question`}</option>
              {conditions.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      {condition ? (
        <CheckboxGroupField<Draft>
          name="conditionValues"
          formatError={say}
          legend={t`…is answered with`}
          choices={conditionAnswers(condition).map((answer) => ({
            value: answer,
            label: answer === 'true' && condition.type === 'checkbox' ? t`Ticked` : answer,
          }))}
        />
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          {...form.register('showAtCheckIn')}
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
    </Form>
  );
}

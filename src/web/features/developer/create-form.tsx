import type { ReactNode } from 'react';
import {
  useController,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';

/**
 * The frame both developer forms share (a new API key, a new webhook endpoint): a bordered
 * form with its heading, the fields, a general error when the server refused without naming a
 * field, and the submit button that says when it is busy.
 */
export function CreateForm<T extends FieldValues, TChecked extends FieldValues>({
  form,
  onSubmit,
  heading,
  mutation,
  refusedText,
  submitLabel,
  pendingLabel,
  children,
}: {
  form: UseFormReturn<T, unknown, TChecked>;
  onSubmit: SubmitHandler<TChecked>;
  heading: ReactNode;
  mutation: { error: unknown; isPending: boolean };
  /** Said when the server refused without a message of its own or a field to put it on. */
  refusedText: string;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  const { error, isPending } = mutation;
  // A refusal that names fields shows on them (the caller puts it there); any other, here.
  const refused =
    error && !Object.keys(fieldErrors(error)).length ? errorMessage(error, refusedText) : null;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      {heading}
      {children}
      {refused ? <Alert variant="destructive">{refused}</Alert> : null}
      <div>
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** A fieldset of checkboxes, each a label in the page's language and its code as the API names it. */
export function CodeChoices<T extends string, V extends FieldValues>({
  name,
  legend,
  options,
  labelOf,
}: {
  /** The surrounding Form's field holding the chosen codes. */
  name: FieldPath<V>;
  legend: string;
  options: readonly T[];
  labelOf: (option: T) => string;
}) {
  const { field, fieldState } = useController<V>({ name });
  const value = (field.value ?? []) as T[];
  const onChange = (next: T[]) => field.onChange(next);
  const error = fieldState.error?.message;
  // A schema's message is the contracts' English: said here in the page's language.
  const say = useContractText();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="flex flex-wrap items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={value.includes(option)}
            onChange={(e) =>
              onChange(
                e.target.checked ? [...value, option] : value.filter((item) => item !== option),
              )
            }
          />
          {labelOf(option)}{' '}
          <code dir="ltr" className="text-xs text-muted-foreground">
            {option}
          </code>
        </label>
      ))}
      {error ? <p className="text-sm text-destructive">{say(error)}</p> : null}
    </fieldset>
  );
}

import {
  FormProvider,
  useController,
  useFormContext,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, Field } from './field';

/**
 * A form whose values, touched state and errors live in react-hook-form, validated on submit by
 * the zod schema from `contracts` (`useForm({ resolver: zodResolver(Schema) })`). A submit with
 * problems shows every field's message and moves focus to the first one, as the hand-written
 * forms did. Browser validation is off (`noValidate`): the contract's texts are the ones shown.
 */
export function Form<T extends FieldValues, TChecked extends FieldValues = T>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & {
  /** `useForm<Values, unknown, Checked>`: `onSubmit` gets what the resolver returned. */
  form: UseFormReturn<T, unknown, TChecked>;
  onSubmit: SubmitHandler<TChecked>;
  /** Called after a submit that the schema refused (the messages are already shown). */
  onInvalid?: () => void;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/** What a FormField hands its control: spread it onto the input. */
export interface FormControlProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * One labelled field of the surrounding Form (`components/ui/field.tsx` look and ARIA): the
 * label, the hint, the field's error message, and the control from `children`, which gets the
 * value, change handler, ref (for focus on error) and ARIA attributes.
 */
export function FormField<T extends FieldValues>({
  name,
  label,
  hint,
  formatError,
  children,
}: {
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  /** Shows the message in richer markup (e.g. a plan refusal's link to /pricing). */
  formatError?: (message: string) => ReactNode;
  children: (control: FormControlProps) => ReactNode;
}) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const id = `${useId()}-${name}`;
  const error = fieldState.error?.message;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error && formatError ? formatError(error) : error}
    >
      {children({
        id,
        name: field.name,
        value: (field.value as string | undefined) ?? '',
        onChange: (event) => field.onChange(event.target.value),
        onBlur: field.onBlur,
        ref: field.ref,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy(id, { hint: Boolean(hint), error }),
      })}
    </Field>
  );
}

/**
 * A list field of the surrounding Form as checkboxes: one field (an array of the chosen values),
 * focused as a group when the submit finds it in error, with its legend, hint and message.
 * `children` shows before the boxes (what to do when there are none to choose).
 */
export function CheckboxGroupField<T extends FieldValues>({
  name,
  legend,
  hint,
  choices,
  disabled,
  formatError = (message) => message,
  children,
}: {
  name: FieldPath<T>;
  legend: ReactNode;
  hint?: ReactNode;
  choices: readonly { value: string; label: ReactNode }[];
  disabled?: boolean;
  formatError?: (message: string) => ReactNode;
  children?: ReactNode;
}) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const id = `${useId()}-${name}`;
  const chosen = (field.value as string[] | undefined) ?? [];
  const error = fieldState.error?.message;
  return (
    <fieldset
      id={id}
      ref={field.ref}
      tabIndex={-1}
      className="flex flex-col gap-1.5"
      aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={chosen.includes(choice.value)}
            disabled={disabled}
            onChange={(e) =>
              field.onChange(
                e.target.checked
                  ? [...chosen, choice.value]
                  : chosen.filter((x) => x !== choice.value),
              )
            }
          />
          {choice.label}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {formatError(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Puts the server's per-field messages (`details.fields`, already without `body.`) on the form's
 * fields; returns false when none of them is a field of this form (show a general error then).
 */
export function setServerErrors<T extends FieldValues, TChecked extends FieldValues = T>(
  form: UseFormReturn<T, unknown, TChecked>,
  fields: Record<string, string>,
  names: readonly FieldPath<T>[],
): boolean {
  const known = names.filter((name) => fields[name]);
  known.forEach((name, i) =>
    form.setError(name, { type: 'server', message: fields[name] }, { shouldFocus: i === 0 }),
  );
  return known.length > 0;
}

/** A schema's failed parse, as much of zod's result as the resolver reads. */
interface Parsed {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[] };
}

/**
 * A resolver for a form whose values are the inputs' strings: `toInput` turns them into the API
 * body and the contract's schema (the one the server checks) validates that. Each problem lands
 * on the field named by the first part of its path, through `rename` when the body's name differs
 * from the form's (dollars typed into `daily` are `dailyBudgetCents` in the body).
 */
export function contractResolver<T extends FieldValues>(
  schema: { safeParse(input: unknown): Parsed },
  toInput: (values: T) => unknown,
  names: readonly FieldPath<T>[],
  rename: Partial<Record<string, FieldPath<T>>> = {},
): Resolver<T> {
  return (values) => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const first = String(issue.path[0]);
      const name = rename[first] ?? (first as FieldPath<T>);
      if (names.includes(name) && !errors[name])
        errors[name] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/**
 * `contractResolver` with the schema loaded on the first check (a submit): a form drawn with a
 * page's first paint (home's newsletter) then does not evaluate its contract module, zod and
 * every schema beside it (about 0.2 s at 4x CPU), while the page starts. If the schema cannot
 * load (offline, a new deploy), the form sends and shows the server's answer, which checks the
 * same schema.
 */
export function lazyContractResolver<T extends FieldValues>(
  load: () => Promise<{ safeParse(input: unknown): Parsed }>,
  toInput: (values: T) => unknown,
  names: readonly FieldPath<T>[],
): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const schema = await load().catch(() => null);
      if (!schema) return { values, errors: {} };
      resolver = contractResolver(schema, toInput, names);
    }
    return resolver(values, context, options);
  };
}

/** The server's per-field messages under the form's names (as `contractResolver`'s `rename`). */
export function renameFields(
  fields: Record<string, string>,
  rename: Partial<Record<string, string>>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    // `targetCities.2` is a problem of the one Cities field.
    const first = path.split('.')[0] ?? path;
    result[rename[first] ?? first] ??= message;
  }
  return result;
}

/**
 * A resolver from a form's own checks, for forms whose messages are the client's translated
 * texts rather than the contract's: `check` returns a message for each bad field.
 */
export function checksResolver<T extends FieldValues>(
  check: (values: T) => Partial<Record<FieldPath<T>, string>>,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(check(values)) as [string, string][])
      if (message) errors[name] = { type: 'validate', message };
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values, errors: {} };
  };
}

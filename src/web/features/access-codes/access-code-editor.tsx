import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  AccessCodeBulkInputSchema,
  AccessCodeInputSchema,
  type AccessCodeBulkInput,
  type AccessCodeInput,
} from '../../../contracts/access-codes';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { accessCodesCsvUrl, useCreateAccessCode, useGenerateAccessCodes } from './api';

type Mode = 'bulk' | 'single';
interface Values {
  prefix: string;
  count: string;
  code: string;
  ticketTypeIds: string[];
  usageLimit: string;
  validUntil: string;
}
type Name = keyof Values;
const EMPTY: Values = {
  prefix: 'SPONSOR',
  count: '10',
  code: '',
  ticketTypeIds: [],
  usageLimit: '1',
  validUntil: '',
};

const toIso = (value: string) => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const toNumber = (value: string) => (value.trim() ? Number(value) : NaN);

/** The form's values → the API body of the chosen mode. */
export function editorToInput(
  mode: Mode,
  values: Values,
): { mode: 'bulk'; input: AccessCodeBulkInput } | { mode: 'single'; input: AccessCodeInput } {
  const validUntil = toIso(values.validUntil);
  if (mode === 'bulk')
    return {
      mode,
      input: {
        prefix: values.prefix.trim(),
        count: toNumber(values.count),
        ticketTypeIds: values.ticketTypeIds,
        usageLimit: toNumber(values.usageLimit),
        validUntil,
      },
    };
  return {
    mode,
    input: {
      code: values.code.trim(),
      ticketTypeIds: values.ticketTypeIds,
      usageLimit: values.usageLimit.trim() ? Number(values.usageLimit) : null,
      validUntil,
    },
  };
}

/**
 * Generates a batch of single-use codes with a prefix ("SPONSOR-7KQ4XM2P"), or creates one
 * named code; either reveals the chosen hidden ticket types.
 */
export function AccessCodeEditor({
  eventId,
  hiddenTypes,
}: {
  eventId: string;
  hiddenTypes: { id: string; name: string }[];
}) {
  const { t } = useLingui();
  const say = useContractText();
  const id = useId();
  const [mode, setMode] = useState<Mode>('bulk');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [batch, setBatch] = useState<{ id: string; count: number } | null>(null);
  const generate = useGenerateAccessCodes(eventId);
  const create = useCreateAccessCode(eventId);
  const pending = generate.isPending || create.isPending;
  const failed = mode === 'bulk' ? generate.error : create.error;

  function onError(error: unknown) {
    setErrors(fieldErrors(error) as Partial<Record<Name, string>>);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = editorToInput(mode, values);
    const parsed =
      body.mode === 'bulk'
        ? AccessCodeBulkInputSchema.safeParse(body.input)
        : AccessCodeInputSchema.safeParse(body.input);
    if (!parsed.success) {
      const next: Partial<Record<Name, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as Name;
        if (name in EMPTY) next[name] ??= issue.message;
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBatch(null);
    if (body.mode === 'bulk')
      generate.mutate(body.input, {
        onSuccess: (result) => {
          const count = result.accessCodes.length;
          setBatch({ id: result.batchId, count });
          toast.success(
            t`${plural(count, { one: '# code generated', other: '# codes generated' })}`,
          );
        },
        onError,
      });
    else
      create.mutate(body.input, {
        onSuccess: (created) => {
          const code = created.code;
          toast.success(t`Code ${code} created`);
          setValues((v) => ({ ...v, code: '' }));
        },
        onError,
      });
  }

  const control = (name: Exclude<Name, 'ticketTypeIds'>) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, { error: errors[name] }),
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const toggleType = (typeId: string, on: boolean) =>
    setValues((v) => ({
      ...v,
      ticketTypeIds: on
        ? [...v.ticketTypeIds, typeId]
        : v.ticketTypeIds.filter((x) => x !== typeId),
    }));
  const generalError =
    failed && !Object.keys(fieldErrors(failed)).length
      ? errorMessage(failed, t`The codes could not be created.`)
      : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>New access codes</Trans>
      </h2>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">
          <Trans>What to create</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'bulk'}
            onChange={() => setMode('bulk')}
            className="size-4 accent-primary"
          />
          <Trans>Several codes with a prefix</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'single'}
            onChange={() => setMode('single')}
            className="size-4 accent-primary"
          />
          <Trans>One code I name</Trans>
        </label>
      </fieldset>
      {generalError ? <Alert variant="destructive">{generalError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {mode === 'bulk' ? (
          <>
            <Field
              id={`${id}-prefix`}
              label={t`Prefix`}
              hint={t`Each code is the prefix and a random part, such as SPONSOR-7KQ4XM2P.`}
              error={errors.prefix}
            >
              <Input {...control('prefix')} maxLength={20} autoComplete="off" />
            </Field>
            <Field id={`${id}-count`} label={t`How many codes`} error={errors.count}>
              <Input {...control('count')} type="number" inputMode="numeric" min={1} max={1000} />
            </Field>
          </>
        ) : (
          <Field id={`${id}-code`} label={t`Code`} error={errors.code}>
            <Input {...control('code')} maxLength={40} autoComplete="off" placeholder="PRESS" />
          </Field>
        )}
        <Field
          id={`${id}-usageLimit`}
          label={mode === 'bulk' ? t`Orders per code` : t`Usage limit (optional)`}
          hint={t`Each order that uses the code counts once.`}
          error={errors.usageLimit}
        >
          <Input {...control('usageLimit')} type="number" inputMode="numeric" min={1} />
        </Field>
        <Field id={`${id}-validUntil`} label={t`Expires (optional)`} error={errors.validUntil}>
          <Input {...control('validUntil')} type="datetime-local" />
        </Field>
      </div>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.ticketTypeIds ? `${id}-ticketTypeIds-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">
          <Trans>Hidden ticket types it reveals</Trans>
        </legend>
        {hiddenTypes.map((type, index) => (
          <label key={type.id} className="flex items-center gap-2 text-sm">
            <input
              id={index === 0 ? `${id}-ticketTypeIds` : undefined}
              type="checkbox"
              checked={values.ticketTypeIds.includes(type.id)}
              onChange={(e) => toggleType(type.id, e.target.checked)}
              className="size-4 accent-primary"
            />
            {type.name}
          </label>
        ))}
        {errors.ticketTypeIds ? (
          <p id={`${id}-ticketTypeIds-error`} className="text-sm font-medium text-destructive">
            {say(errors.ticketTypeIds)}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? t`Creating...` : mode === 'bulk' ? t`Generate codes` : t`Create code`}
        </Button>
        {batch ? (
          <a
            href={accessCodesCsvUrl(eventId, batch.id)}
            download
            className={buttonClasses({ variant: 'outline' })}
          >
            <Download aria-hidden="true" className="size-4" />
            <Trans>Download these codes (CSV)</Trans>
          </a>
        ) : null}
      </div>
    </form>
  );
}

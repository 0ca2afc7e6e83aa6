import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  AccessCodeBulkInputSchema,
  AccessCodeInputSchema,
  type AccessCodeBulkInput,
  type AccessCodeInput,
} from '../../../contracts/access-codes';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import {
  CheckboxGroupField,
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { accessCodesCsvUrl, useCreateAccessCode, useGenerateAccessCodes } from './api';

type Mode = 'bulk' | 'single';
interface Values {
  mode: Mode;
  prefix: string;
  count: string;
  code: string;
  ticketTypeIds: string[];
  usageLimit: string;
  validUntil: string;
}
const EMPTY: Values = {
  mode: 'bulk',
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
  values: Omit<Values, 'mode'>,
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

// In reading order: the first bad one is focused.
const FIELDS = ['prefix', 'count', 'code', 'usageLimit', 'validUntil', 'ticketTypeIds'] as const;
const bulkResolver = contractResolver<Values>(
  AccessCodeBulkInputSchema,
  (values) => editorToInput('bulk', values).input,
  FIELDS,
);
const singleResolver = contractResolver<Values>(
  AccessCodeInputSchema,
  (values) => editorToInput('single', values).input,
  FIELDS,
);
/** The chosen mode's contract checks the body the mode sends. */
const resolver: typeof bulkResolver = (values, context, options) =>
  (values.mode === 'bulk' ? bulkResolver : singleResolver)(values, context, options);

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
  const form = useForm<Values>({ defaultValues: EMPTY, resolver });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const [batch, setBatch] = useState<{ id: string; count: number } | null>(null);
  const generate = useGenerateAccessCodes(eventId);
  const create = useCreateAccessCode(eventId);
  const pending = generate.isPending || create.isPending;
  const generalError = form.formState.errors.root?.message;

  async function submit(values: Values) {
    setBatch(null);
    try {
      const body = editorToInput(values.mode, values);
      if (body.mode === 'bulk') {
        const result = await generate.mutateAsync(body.input);
        const count = result.accessCodes.length;
        setBatch({ id: result.batchId, count });
        toast.success(t`${plural(count, { one: '# code generated', other: '# codes generated' })}`);
      } else {
        const created = await create.mutateAsync(body.input);
        const code = created.code;
        toast.success(t`Code ${code} created`);
        form.setValue('code', '');
      }
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), {}), FIELDS))
        form.setError('root', { message: errorMessage(error, t`The codes could not be created.`) });
    }
  }

  const setMode = (next: Mode) => {
    form.setValue('mode', next);
    form.clearErrors();
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
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
            <FormField<Values>
              name="prefix"
              label={t`Prefix`}
              hint={t`Each code is the prefix and a random part, such as SPONSOR-7KQ4XM2P.`}
              formatError={say}
            >
              {(control) => <Input {...control} maxLength={20} autoComplete="off" />}
            </FormField>
            <FormField<Values> name="count" label={t`How many codes`} formatError={say}>
              {(control) => (
                <Input {...control} type="number" inputMode="numeric" min={1} max={1000} />
              )}
            </FormField>
          </>
        ) : (
          <FormField<Values> name="code" label={t`Code`} formatError={say}>
            {(control) => (
              <Input {...control} maxLength={40} autoComplete="off" placeholder="PRESS" />
            )}
          </FormField>
        )}
        <FormField<Values>
          name="usageLimit"
          label={mode === 'bulk' ? t`Orders per code` : t`Usage limit (optional)`}
          hint={t`Each order that uses the code counts once.`}
          formatError={say}
        >
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
        </FormField>
        <FormField<Values> name="validUntil" label={t`Expires (optional)`} formatError={say}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
      </div>
      <CheckboxGroupField<Values>
        name="ticketTypeIds"
        legend={<Trans>Hidden ticket types it reveals</Trans>}
        choices={hiddenTypes.map((type) => ({ value: type.id, label: type.name }))}
        formatError={say}
      />
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
    </Form>
  );
}

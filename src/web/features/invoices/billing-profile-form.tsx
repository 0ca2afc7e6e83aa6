import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  BillingProfileInputSchema,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_NUMBER_PREFIX,
  type BillingProfile,
  type BillingProfileInput,
} from '../../../contracts/invoices';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { billingProfileQuery, useSaveBillingProfile, type ProfileScope } from './api';
import { InvoiceLogoUpload } from './invoice-logo-upload';

// The number format's placeholders, shown as they are typed (never translated).
const tokens = '{prefix} {year} {month} {number} {number:5}';

const TEXTAREA =
  'min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A seller's billing profile: who invoices are issued by, how they are numbered and when. */
export function BillingProfileForm({ scope }: { scope: ProfileScope }) {
  const { t } = useLingui();
  const profile = useQuery(billingProfileQuery(scope));
  if (profile.isPending) return <Spinner />;
  if (profile.isError)
    return (
      <LoadFailed
        title={t`The billing profile could not be loaded`}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  const saved = profile.data.profile;
  return (
    <div className="flex flex-col gap-6">
      <ProfileFields scope={scope} saved={saved} />
      {saved ? (
        <InvoiceLogoUpload scope={scope} logoUrl={saved.logoUrl} />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Save the billing profile to add a logo to your invoices.</Trans>
        </p>
      )}
    </div>
  );
}

type ProfileValues = Required<BillingProfileInput>;
const FIELDS = [
  'legalName',
  'address',
  'taxId',
  'footer',
  'numberPrefix',
  'numberFormat',
  'issueMode',
] as const;

function ProfileFields({ scope, saved }: { scope: ProfileScope; saved: BillingProfile | null }) {
  const { t } = useLingui();
  const say = useContractText();
  const save = useSaveBillingProfile(scope);
  const form = useForm<ProfileValues>({
    defaultValues: {
      legalName: saved?.legalName ?? '',
      address: saved?.address ?? '',
      taxId: saved?.taxId ?? '',
      footer: saved?.footer ?? '',
      numberPrefix: saved?.numberPrefix ?? DEFAULT_NUMBER_PREFIX,
      numberFormat: saved?.numberFormat ?? DEFAULT_NUMBER_FORMAT,
      issueMode: saved?.issueMode ?? 'automatic',
    },
    // The values are the body as typed (the server trims); the contract names what it refuses.
    resolver: contractResolver<ProfileValues>(BillingProfileInputSchema, (v) => v, FIELDS),
  });
  const [done, setDone] = useState(false);
  // "Saved." holds until the next change.
  useEffect(() => {
    const watching = form.watch(() => setDone(false));
    return () => watching.unsubscribe();
  }, [form]);
  const failure = form.formState.errors.root?.message;
  async function submit(values: ProfileValues) {
    try {
      await save.mutateAsync(values);
      setDone(true);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The billing profile could not be saved.`),
        });
    }
  }
  const nextNumber = save.data?.profile?.nextNumber ?? saved?.nextNumber;
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <FormField<ProfileValues> name="legalName" label={t`Legal name`} formatError={say}>
        {(control) => <Input {...control} autoComplete="organization" />}
      </FormField>
      <FormField<ProfileValues> name="address" label={t`Address`} formatError={say}>
        {(control) => <textarea {...control} className={TEXTAREA} />}
      </FormField>
      <FormField<ProfileValues> name="taxId" label={t`VAT or tax ID`} formatError={say}>
        {(control) => <Input {...control} />}
      </FormField>
      <FormField<ProfileValues>
        name="footer"
        label={t`Invoice footer`}
        hint={t`Printed at the bottom of every invoice, e.g. bank details or a registration number.`}
        formatError={say}
      >
        {(control) => <textarea {...control} className={TEXTAREA} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<ProfileValues> name="numberPrefix" label={t`Number prefix`} formatError={say}>
          {(control) => <Input {...control} />}
        </FormField>
        <FormField<ProfileValues>
          name="numberFormat"
          label={t`Number format`}
          hint={t`You can use ${tokens}; a digit after the colon pads the number with zeros.`}
          formatError={say}
        >
          {(control) => <Input {...control} />}
        </FormField>
      </div>
      {nextNumber ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Next invoice number: {nextNumber}</Trans>
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>When are invoices issued?</Trans>
        </legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="automatic" className="mt-1" {...form.register('issueMode')} />
          <span>
            <Trans>Automatically for every paid order, mailed to the buyer</Trans>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" value="on_request" className="mt-1" {...form.register('issueMode')} />
          <span>
            <Trans>On request: the buyer asks for one from their order</Trans>
          </span>
        </label>
      </fieldset>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save billing profile</Trans>
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {done ? <Trans>Saved.</Trans> : null}
        </p>
      </div>
    </Form>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_NUMBER_PREFIX,
  type BillingProfile,
  type InvoiceIssueMode,
} from '../../../contracts/invoices';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
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

function ProfileFields({ scope, saved }: { scope: ProfileScope; saved: BillingProfile | null }) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveBillingProfile(scope);
  const [values, setValues] = useState({
    legalName: saved?.legalName ?? '',
    address: saved?.address ?? '',
    taxId: saved?.taxId ?? '',
    footer: saved?.footer ?? '',
    numberPrefix: saved?.numberPrefix ?? DEFAULT_NUMBER_PREFIX,
    numberFormat: saved?.numberFormat ?? DEFAULT_NUMBER_FORMAT,
    issueMode: saved?.issueMode ?? ('automatic' as InvoiceIssueMode),
  });
  const [done, setDone] = useState(false);
  useEffect(() => setDone(false), [values]);
  const errors = fieldErrors(save.error);
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: () => setDone(true) });
  };
  const text = (name: 'legalName' | 'taxId' | 'numberPrefix' | 'numberFormat') => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name)(e.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(`${id}-${name}`, { error: errors[name] }),
  });
  const nextNumber = save.data?.profile?.nextNumber ?? saved?.nextNumber;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field id={`${id}-legalName`} label={t`Legal name`} error={errors.legalName}>
        <Input {...text('legalName')} autoComplete="organization" />
      </Field>
      <Field id={`${id}-address`} label={t`Address`} error={errors.address}>
        <textarea
          id={`${id}-address`}
          className={TEXTAREA}
          value={values.address}
          onChange={(e) => set('address')(e.target.value)}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={describedBy(`${id}-address`, { error: errors.address })}
        />
      </Field>
      <Field id={`${id}-taxId`} label={t`VAT or tax ID`} error={errors.taxId}>
        <Input {...text('taxId')} />
      </Field>
      <Field
        id={`${id}-footer`}
        label={t`Invoice footer`}
        hint={t`Printed at the bottom of every invoice, e.g. bank details or a registration number.`}
        error={errors.footer}
      >
        <textarea
          id={`${id}-footer`}
          className={TEXTAREA}
          value={values.footer}
          onChange={(e) => set('footer')(e.target.value)}
          aria-describedby={describedBy(`${id}-footer`, { hint: true, error: errors.footer })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-numberPrefix`} label={t`Number prefix`} error={errors.numberPrefix}>
          <Input {...text('numberPrefix')} />
        </Field>
        <Field
          id={`${id}-numberFormat`}
          label={t`Number format`}
          hint={t`You can use ${tokens}; a digit after the colon pads the number with zeros.`}
          error={errors.numberFormat}
        >
          <Input
            {...text('numberFormat')}
            aria-describedby={describedBy(`${id}-numberFormat`, {
              hint: true,
              error: errors.numberFormat,
            })}
          />
        </Field>
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
          <input
            type="radio"
            name={`${id}-issueMode`}
            className="mt-1"
            checked={values.issueMode === 'automatic'}
            onChange={() => set('issueMode')('automatic')}
          />
          <span>
            <Trans>Automatically for every paid order, mailed to the buyer</Trans>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-issueMode`}
            className="mt-1"
            checked={values.issueMode === 'on_request'}
            onChange={() => set('issueMode')('on_request')}
          />
          <span>
            <Trans>On request: the buyer asks for one from their order</Trans>
          </span>
        </label>
      </fieldset>
      {save.isError && Object.keys(errors).length === 0 ? (
        <Alert variant="destructive">
          {errorMessage(save.error, t`The billing profile could not be saved.`)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save billing profile</Trans>
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {done ? <Trans>Saved.</Trans> : null}
        </p>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { TAX_CLASSIFICATIONS, W9InputSchema, type W9Input } from '../../../contracts/affiliates';
import { LoadFailed } from '../../components/query-states';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatCalendarDate } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useSaveW9, w9Query, type W9Summary } from './api';
import { AffiliateNav, SignedInOnly } from './parts';

type W9Values = Omit<W9Input, 'certify' | 'businessName'> & {
  certify: boolean;
  businessName: string;
};

const CLASSIFICATION_LABEL: Record<(typeof TAX_CLASSIFICATIONS)[number], MessageDescriptor> = {
  individual: msg`Individual / sole proprietor`,
  c_corporation: msg`C corporation`,
  s_corporation: msg`S corporation`,
  partnership: msg`Partnership`,
  trust_estate: msg`Trust / estate`,
  llc: msg`Limited liability company`,
  other: msg`Other`,
};
const NAMES = [
  'name',
  'businessName',
  'taxClassification',
  'address',
  'city',
  'state',
  'zip',
  'tinType',
  'tin',
  'certify',
  'signatureName',
  'signedOn',
] as const;

function OnFile({ w9 }: { w9: W9Summary }) {
  const signer = w9.signatureName;
  const signedOn = w9.signedOn ? formatCalendarDate(w9.signedOn) : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>W-9 on file</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">
            <Trans>Name</Trans>
          </dt>
          <dd>{w9.name}</dd>
          <dt className="text-muted-foreground">{w9.tinType === 'ein' ? 'EIN' : 'SSN'}</dt>
          <dd data-testid="tin-masked">{w9.tinMasked}</dd>
          <dt className="text-muted-foreground">
            <Trans>Address</Trans>
          </dt>
          <dd>{w9.address}</dd>
          <dt className="text-muted-foreground">
            <Trans>Signed</Trans>
          </dt>
          <dd>
            {signer}, {signedOn}
          </dd>
        </dl>
        <a
          href="/api/affiliates/w9.pdf"
          target="_blank"
          rel="noopener"
          className="font-medium text-primary underline"
        >
          <Trans>Printable summary (PDF)</Trans>
        </a>
      </CardContent>
    </Card>
  );
}

function W9Form({ onFile }: { onFile: boolean }) {
  const save = useSaveW9();
  const certifyId = useId();
  const { t, i18n } = useLingui();
  const form = useForm<W9Values>({
    resolver: zodResolver(W9InputSchema) as unknown as Resolver<W9Values>,
    defaultValues: {
      name: '',
      businessName: '',
      taxClassification: 'individual',
      address: '',
      city: '',
      state: '',
      zip: '',
      tinType: 'ssn',
      tin: '',
      certify: false,
      signatureName: '',
      signedOn: new Date().toISOString().slice(0, 10),
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const certifyError = form.formState.errors.certify?.message;
  const tinType = form.watch('tinType');
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={(values) =>
        save.mutate(values as W9Input, {
          onSuccess: () => {
            toast.success(t`W-9 saved`);
            form.reset();
          },
          onError: (e) => {
            if (!setServerErrors(form, fieldErrors(e), NAMES))
              form.setError('name', { message: errorMessage(e, t`Could not save the W-9`) });
          },
        })
      }
    >
      <p className="text-sm text-muted-foreground">
        {onFile ? (
          <Trans>Submitting again replaces the W-9 on file.</Trans>
        ) : (
          <Trans>Required before payouts reach the US reporting threshold.</Trans>
        )}{' '}
        <Trans>Your TIN is encrypted and only its last 4 digits are ever shown.</Trans>
      </p>
      <FormField<W9Values> name="name" label={t`Name (as shown on your income tax return)`}>
        {(control) => <Input {...control} autoComplete="name" />}
      </FormField>
      <FormField<W9Values> name="businessName" label={t`Business name (optional)`}>
        {(control) => <Input {...control} autoComplete="organization" />}
      </FormField>
      <FormField<W9Values> name="taxClassification" label={t`Federal tax classification`}>
        {(control) => (
          <Select {...control}>
            {TAX_CLASSIFICATIONS.map((c) => (
              <option key={c} value={c}>
                {i18n._(CLASSIFICATION_LABEL[c])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<W9Values> name="address" label={t`Address`}>
        {(control) => <Input {...control} autoComplete="street-address" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField<W9Values> name="city" label={t`City`}>
          {(control) => <Input {...control} autoComplete="address-level2" />}
        </FormField>
        <FormField<W9Values> name="state" label={t`State`}>
          {(control) => <Input {...control} autoComplete="address-level1" maxLength={2} />}
        </FormField>
        <FormField<W9Values> name="zip" label={t`ZIP code`}>
          {(control) => <Input {...control} autoComplete="postal-code" inputMode="numeric" />}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<W9Values> name="tinType" label={t`Taxpayer identification number type`}>
          {(control) => (
            <Select {...control}>
              <option value="ssn">{t`Social Security Number (SSN)`}</option>
              <option value="ein">{t`Employer Identification Number (EIN)`}</option>
            </Select>
          )}
        </FormField>
        <FormField<W9Values>
          name="tin"
          label={tinType === 'ein' ? 'EIN' : 'SSN'}
          hint={tinType === 'ein' ? t`Format 12-3456789` : t`Format 123-45-6789`}
        >
          {(control) => (
            <Input {...control} autoComplete="off" inputMode="numeric" type="password" />
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-2">
          <input
            id={certifyId}
            type="checkbox"
            className="mt-1 size-4"
            aria-invalid={Boolean(certifyError)}
            aria-describedby={certifyError ? `${certifyId}-error` : undefined}
            {...form.register('certify')}
          />
          <label htmlFor={certifyId} className="text-sm">
            <Trans>
              Under penalties of perjury, I certify that the number shown is my correct taxpayer
              identification number, that I am not subject to backup withholding, and that I am a
              U.S. person.
            </Trans>
          </label>
        </div>
        {certifyError ? (
          <p id={`${certifyId}-error`} className="text-sm font-medium text-destructive">
            {certifyError}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<W9Values> name="signatureName" label={t`Signature (type your full name)`}>
          {(control) => <Input {...control} />}
        </FormField>
        <FormField<W9Values> name="signedOn" label={t`Date`}>
          {(control) => <Input {...control} type="date" />}
        </FormField>
      </div>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? <Trans>Saving...</Trans> : <Trans>Submit W-9</Trans>}
      </Button>
    </Form>
  );
}

function W9() {
  const query = useQuery(w9Query);
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your W-9`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Your W-9 could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      {query.data.onFile ? (
        <OnFile w9={query.data} />
      ) : (
        <Alert variant="info">
          <Trans>No W-9 on file yet.</Trans>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            {query.data.onFile ? (
              <Trans>Update your W-9</Trans>
            ) : (
              <Trans>Request for taxpayer identification number</Trans>
            )}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <W9Form onFile={query.data.onFile} />
        </CardContent>
      </Card>
    </div>
  );
}

/** spec §2 /w9-tax-form: the W-9, with the TIN encrypted at rest and shown masked. */
export function W9Page() {
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader title={t`W-9 tax form`} description={t`US tax details for affiliate payouts.`} />
      <AffiliateNav />
      <SignedInOnly here="/w9-tax-form">
        <W9 />
      </SignedInOnly>
    </PageBody>
  );
}

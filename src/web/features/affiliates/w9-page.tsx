import { zodResolver } from '@hookform/resolvers/zod';
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
import { toast } from '../../lib/toast';
import { useSaveW9, w9Query, type W9Summary } from './api';
import { AffiliateNav, SignedInOnly } from './parts';

type W9Values = Omit<W9Input, 'certify' | 'businessName'> & {
  certify: boolean;
  businessName: string;
};

const CLASSIFICATION_LABEL: Record<(typeof TAX_CLASSIFICATIONS)[number], string> = {
  individual: 'Individual / sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust / estate',
  llc: 'Limited liability company',
  other: 'Other',
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>W-9 on file</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Name</dt>
          <dd>{w9.name}</dd>
          <dt className="text-muted-foreground">{w9.tinType === 'ein' ? 'EIN' : 'SSN'}</dt>
          <dd data-testid="tin-masked">{w9.tinMasked}</dd>
          <dt className="text-muted-foreground">Address</dt>
          <dd>{w9.address}</dd>
          <dt className="text-muted-foreground">Signed</dt>
          <dd>
            {w9.signatureName}, {w9.signedOn}
          </dd>
        </dl>
        <a
          href="/api/affiliates/w9.pdf"
          target="_blank"
          rel="noopener"
          className="font-medium text-primary underline"
        >
          Printable summary (PDF)
        </a>
      </CardContent>
    </Card>
  );
}

function W9Form({ onFile }: { onFile: boolean }) {
  const save = useSaveW9();
  const certifyId = useId();
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
            toast.success('W-9 saved');
            form.reset();
          },
          onError: (e) => {
            if (!setServerErrors(form, fieldErrors(e), NAMES))
              form.setError('name', { message: errorMessage(e, 'Could not save the W-9') });
          },
        })
      }
    >
      <p className="text-sm text-muted-foreground">
        {onFile
          ? 'Submitting again replaces the W-9 on file.'
          : 'Required before payouts reach the US reporting threshold.'}{' '}
        Your TIN is encrypted and only its last 4 digits are ever shown.
      </p>
      <FormField<W9Values> name="name" label="Name (as shown on your income tax return)">
        {(control) => <Input {...control} autoComplete="name" />}
      </FormField>
      <FormField<W9Values> name="businessName" label="Business name (optional)">
        {(control) => <Input {...control} autoComplete="organization" />}
      </FormField>
      <FormField<W9Values> name="taxClassification" label="Federal tax classification">
        {(control) => (
          <Select {...control}>
            {TAX_CLASSIFICATIONS.map((c) => (
              <option key={c} value={c}>
                {CLASSIFICATION_LABEL[c]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField<W9Values> name="address" label="Address">
        {(control) => <Input {...control} autoComplete="street-address" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField<W9Values> name="city" label="City">
          {(control) => <Input {...control} autoComplete="address-level2" />}
        </FormField>
        <FormField<W9Values> name="state" label="State">
          {(control) => <Input {...control} autoComplete="address-level1" maxLength={2} />}
        </FormField>
        <FormField<W9Values> name="zip" label="ZIP code">
          {(control) => <Input {...control} autoComplete="postal-code" inputMode="numeric" />}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<W9Values> name="tinType" label="Taxpayer identification number type">
          {(control) => (
            <Select {...control}>
              <option value="ssn">Social Security Number (SSN)</option>
              <option value="ein">Employer Identification Number (EIN)</option>
            </Select>
          )}
        </FormField>
        <FormField<W9Values>
          name="tin"
          label={tinType === 'ein' ? 'EIN' : 'SSN'}
          hint={tinType === 'ein' ? 'Format 12-3456789' : 'Format 123-45-6789'}
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
            Under penalties of perjury, I certify that the number shown is my correct taxpayer
            identification number, that I am not subject to backup withholding, and that I am a U.S.
            person.
          </label>
        </div>
        {certifyError ? (
          <p id={`${certifyId}-error`} className="text-sm font-medium text-destructive">
            {certifyError}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<W9Values> name="signatureName" label="Signature (type your full name)">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField<W9Values> name="signedOn" label="Date">
          {(control) => <Input {...control} type="date" />}
        </FormField>
      </div>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Submit W-9'}
      </Button>
    </Form>
  );
}

function W9() {
  const query = useQuery(w9Query);
  if (query.isPending) return <Spinner label="Loading your W-9" />;
  if (query.isError)
    return (
      <LoadFailed
        title="Your W-9 could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      {query.data.onFile ? (
        <OnFile w9={query.data} />
      ) : (
        <Alert variant="info">No W-9 on file yet.</Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>
            {query.data.onFile ? 'Update your W-9' : 'Request for taxpayer identification number'}
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
  return (
    <PageBody narrow>
      <PageHeader title="W-9 tax form" description="US tax details for affiliate payouts." />
      <AffiliateNav />
      <SignedInOnly here="/w9-tax-form">
        <W9 />
      </SignedInOnly>
    </PageBody>
  );
}

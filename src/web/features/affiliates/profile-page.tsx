import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/query-states';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { checksResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { fieldErrors, errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import type { AffiliateDashboard } from '../../../contracts/affiliates';
import { dashboardQuery, useSavePayoutMethod } from './api';
import { LedgerTable } from './ledger-table';
import { AffiliateNav, SignedInOnly, Stat, usd, usePayoutMethodLabel } from './parts';
import { formatDate } from '../../lib/dates';

type PayoutMethodValues = { payoutMethod: string; payoutDetails: string };
const PAYOUT_METHOD_FIELDS = ['payoutMethod', 'payoutDetails'] as const;

export function PayoutMethodForm({ current }: { current: string | null }) {
  const save = useSavePayoutMethod();
  const { t } = useLingui();
  const form = useForm<PayoutMethodValues>({
    defaultValues: { payoutMethod: current ?? 'paypal', payoutDetails: '' },
    resolver: checksResolver(({ payoutDetails }) => ({
      payoutDetails: payoutDetails.trim().length < 3 ? t`Enter where to send payouts` : undefined,
    })),
  });
  const method = useWatch({ control: form.control, name: 'payoutMethod' });

  async function submit(values: PayoutMethodValues) {
    try {
      await save.mutateAsync({
        payoutMethod: values.payoutMethod,
        payoutDetails: values.payoutDetails.trim(),
      });
      toast.success(t`Payout method saved`);
    } catch (error) {
      // A refusal that names no field is still shown under the details, as before.
      if (!setServerErrors(form, fieldErrors(error), PAYOUT_METHOD_FIELDS))
        form.setError(
          'payoutDetails',
          { message: errorMessage(error, t`Could not save`) },
          { shouldFocus: true },
        );
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
      <FormField<PayoutMethodValues> name="payoutMethod" label={t`Payout method`}>
        {(control) => (
          <Select {...control}>
            <option value="paypal">{t`PayPal`}</option>
            <option value="bank_transfer">{t`Bank transfer`}</option>
            <option value="check">{t`Check`}</option>
          </Select>
        )}
      </FormField>
      <FormField<PayoutMethodValues>
        name="payoutDetails"
        label={
          method === 'paypal'
            ? t`PayPal email`
            : method === 'check'
              ? t`Mailing address`
              : t`Account holder and IBAN`
        }
      >
        {(control) => <Input {...control} />}
      </FormField>
      <Button type="submit" variant="outline" className="self-start" disabled={save.isPending}>
        <Trans>Save payout method</Trans>
      </Button>
    </Form>
  );
}

function Earnings({ data }: { data: AffiliateDashboard }) {
  const payouts = data.ledger.filter((entry) => entry.kind === 'payout');
  const { t } = useLingui();
  const methodLabel = usePayoutMethodLabel();
  const minPayout = usd(data.minPayoutCents);
  const threshold = usd(data.w9ThresholdCents);
  const tin = data.w9.tinMasked;
  const method = data.payoutMethod ? methodLabel(data.payoutMethod) : null;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label={t`Pending`}
          value={<span data-testid="balance-pending">{usd(data.balances.pendingCents)}</span>}
          hint={t`Within the refund window`}
        />
        <Stat
          label={t`Due`}
          value={<span data-testid="balance-due">{usd(data.balances.dueCents)}</span>}
          hint={t`Paid out from ${minPayout}`}
        />
        <Stat label={t`Paid`} value={usd(data.balances.paidCents)} />
      </div>
      {!data.w9.onFile ? (
        <Alert variant="info">
          <Trans>
            Payouts of {threshold} or more need a W-9.{' '}
            <Link to="/w9-tax-form" className="font-medium underline">
              File your W-9
            </Link>
          </Trans>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>W-9 on file (TIN {tin}).</Trans>
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Payout method</Trans>
            </CardTitle>
            <CardDescription>{method ? t`Current: ${method}` : t`Not set yet`}</CardDescription>
          </CardHeader>
          <CardContent>
            <PayoutMethodForm current={data.payoutMethod} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Payout history</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {payouts.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>No payouts yet.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {payouts.map((p) => (
                  <li key={p.id} className="flex justify-between gap-2 text-sm">
                    <span>
                      {formatDate(p.createdAt)} · {p.reference}
                    </span>
                    <span className="font-semibold">{usd(-p.amountCents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <section aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="mb-3 text-xl font-bold">
          <Trans>Ledger</Trans>
        </h2>
        <LedgerTable />
      </section>
    </div>
  );
}

function Profile() {
  const query = useQuery(dashboardQuery);
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your earnings`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Your earnings could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data.joined)
    return (
      <Link to="/affiliate" className={buttonClasses()}>
        <Trans>Join the affiliate program</Trans>
      </Link>
    );
  return <Earnings data={query.data} />;
}

/** spec §2 /affiliate-profile: balances, payout method and history, the minimum payout. */
export function AffiliateProfilePage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`Affiliate earnings`}
        description={t`Pending, due and paid: every figure is the sum of your ledger.`}
      />
      <AffiliateNav />
      <SignedInOnly here="/affiliate-profile">
        <Profile />
      </SignedInOnly>
    </PageBody>
  );
}

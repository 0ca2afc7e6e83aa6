import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
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
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { fieldErrors, errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import type { AffiliateDashboard } from '../../../contracts/affiliates';
import { dashboardQuery, useSavePayoutMethod } from './api';
import { LedgerTable } from './ledger-table';
import { AffiliateNav, SignedInOnly, Stat, usd } from './parts';
import { formatDate } from '../../lib/dates';

function PayoutMethodForm({ current }: { current: string | null }) {
  const save = useSavePayoutMethod();
  const id = useId();
  const [method, setMethod] = useState(current ?? 'paypal');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (details.trim().length < 3) {
          setErrors({ payoutDetails: 'Enter where to send payouts' });
          document.getElementById(`${id}-details`)?.focus();
          return;
        }
        setErrors({});
        save.mutate(
          { payoutMethod: method, payoutDetails: details.trim() },
          {
            onSuccess: () => toast.success('Payout method saved'),
            onError: (e) =>
              setErrors({
                payoutDetails: fieldErrors(e).payoutDetails ?? errorMessage(e, 'Could not save'),
              }),
          },
        );
      }}
    >
      <Field id={`${id}-method`} label="Payout method">
        <Select id={`${id}-method`} value={method} onChange={(e) => setMethod(e.target.value)}>
          <option value="paypal">PayPal</option>
          <option value="bank_transfer">Bank transfer</option>
          <option value="check">Check</option>
        </Select>
      </Field>
      <Field
        id={`${id}-details`}
        label={
          method === 'paypal'
            ? 'PayPal email'
            : method === 'check'
              ? 'Mailing address'
              : 'Account holder and IBAN'
        }
        error={errors.payoutDetails}
      >
        <Input
          id={`${id}-details`}
          value={details}
          aria-invalid={Boolean(errors.payoutDetails)}
          aria-describedby={describedBy(`${id}-details`, { error: errors.payoutDetails })}
          onChange={(e) => setDetails(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="outline" className="self-start" disabled={save.isPending}>
        Save payout method
      </Button>
    </form>
  );
}

function Earnings({ data }: { data: AffiliateDashboard }) {
  const payouts = data.ledger.filter((entry) => entry.kind === 'payout');
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Pending"
          value={<span data-testid="balance-pending">{usd(data.balances.pendingCents)}</span>}
          hint="Within the refund window"
        />
        <Stat
          label="Due"
          value={<span data-testid="balance-due">{usd(data.balances.dueCents)}</span>}
          hint={`Paid out from ${usd(data.minPayoutCents)}`}
        />
        <Stat label="Paid" value={usd(data.balances.paidCents)} />
      </div>
      {!data.w9.onFile ? (
        <Alert variant="info">
          Payouts of {usd(data.w9ThresholdCents)} or more need a W-9.{' '}
          <Link to="/w9-tax-form" className="font-medium underline">
            File your W-9
          </Link>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">W-9 on file (TIN {data.w9.tinMasked}).</p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Payout method</CardTitle>
            <CardDescription>
              {data.payoutMethod
                ? `Current: ${data.payoutMethod.replace('_', ' ')}`
                : 'Not set yet'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PayoutMethodForm current={data.payoutMethod} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Payout history</CardTitle>
          </CardHeader>
          <CardContent>
            {payouts.length === 0 ? (
              <p className="text-sm text-muted-foreground">No payouts yet.</p>
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
          Ledger
        </h2>
        <LedgerTable />
      </section>
    </div>
  );
}

function Profile() {
  const query = useQuery(dashboardQuery);
  if (query.isPending) return <Spinner label="Loading your earnings" />;
  if (query.isError)
    return (
      <LoadFailed
        title="Your earnings could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data.joined)
    return (
      <Link to="/affiliate" className={buttonClasses()}>
        Join the affiliate program
      </Link>
    );
  return <Earnings data={query.data} />;
}

/** spec §2 /affiliate-profile: balances, payout method and history, the minimum payout. */
export function AffiliateProfilePage() {
  return (
    <PageBody>
      <PageHeader
        title="Affiliate earnings"
        description="Pending, due and paid: every figure is the sum of your ledger."
      />
      <AffiliateNav />
      <SignedInOnly here="/affiliate-profile">
        <Profile />
      </SignedInOnly>
    </PageBody>
  );
}

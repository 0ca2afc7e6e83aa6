import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminAffiliateSchema } from '../../../contracts/affiliates';
import { LoadFailed } from '../../components/query-states';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  checksResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { parseMoneyInput } from '../../lib/money';
import { toast } from '../../lib/toast';
import { adminAffiliatesQuery, useRecordPayout, useRevealTin } from './api';
import { usd, usePayoutMethodLabel } from './parts';

type Row = z.infer<typeof AdminAffiliateSchema>;

interface PayoutValues {
  amount: string;
  reference: string;
}
const PAYOUT_FIELDS = ['amount', 'reference'] as const;
const PAYOUT_RENAME = { amountCents: 'amount' } as const;

export function PayoutForm({ row }: { row: Row }) {
  const pay = useRecordPayout();
  const { t } = useLingui();
  const form = useForm<PayoutValues>({
    defaultValues: {
      amount: (Math.max(row.balances.dueCents, 0) / 100).toFixed(2),
      reference: '',
    },
    resolver: checksResolver(({ amount, reference }) => {
      const cents = parseMoneyInput(amount);
      return {
        amount: cents === null || cents <= 0 ? t`Enter an amount` : undefined,
        reference: reference.trim() ? undefined : t`Enter the payment reference`,
      };
    }),
  });

  async function submit(values: PayoutValues) {
    const cents = parseMoneyInput(values.amount) ?? 0;
    try {
      await pay.mutateAsync({
        affiliateId: row.userId,
        amountCents: cents,
        reference: values.reference.trim(),
      });
      const paid = usd(cents);
      const name = row.name;
      toast.success(t`Payout of ${paid} recorded for ${name}`);
      form.resetField('reference');
    } catch (e) {
      // A refusal that names no field is still shown under the amount, as before.
      if (!setServerErrors(form, renameFields(fieldErrors(e), PAYOUT_RENAME), PAYOUT_FIELDS))
        form.setError(
          'amount',
          { message: errorMessage(e, t`Could not record the payout`) },
          { shouldFocus: true },
        );
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <FormField<PayoutValues> name="amount" label={t`Amount ($)`}>
        {(control) => <Input {...control} className="w-28" inputMode="decimal" />}
      </FormField>
      <FormField<PayoutValues> name="reference" label={t`Reference`}>
        {(control) => <Input {...control} className="w-40" />}
      </FormField>
      <Button type="submit" size="sm" disabled={pay.isPending}>
        <Trans>Mark paid</Trans>
      </Button>
    </Form>
  );
}

function TinCell({ row }: { row: Row }) {
  const reveal = useRevealTin();
  if (!row.w9OnFile)
    return (
      <Badge variant="warning">
        <Trans>No W-9</Trans>
      </Badge>
    );
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{reveal.data?.tin ?? row.tinMasked}</span>
      {!reveal.data ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => reveal.mutate(row.userId)}
          disabled={reveal.isPending}
        >
          <Trans>Show full TIN</Trans>
        </Button>
      ) : null}
    </span>
  );
}

function AffiliateRow({ row }: { row: Row }) {
  const { t } = useLingui();
  const methodLabel = usePayoutMethodLabel();
  const due = usd(row.balances.dueCents);
  const pending = usd(row.balances.pendingCents);
  const paid = usd(row.balances.paidCents);
  const method = row.payoutMethod ? methodLabel(row.payoutMethod) : t`not set`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">
          {row.name} <span className="text-sm font-normal text-muted-foreground">{row.email}</span>
        </span>
        <span className="text-sm">
          <Trans>
            Due <strong>{due}</strong> · pending {pending} · paid {paid}
          </Trans>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          <Trans>Payout: {method}</Trans>
        </span>
        <TinCell row={row} />
      </div>
      <PayoutForm row={row} />
    </li>
  );
}

/** Admin payouts queue: due balances, payouts marked as sent, W-9 status. */
export function AdminAffiliatesPage() {
  const query = useQuery(adminAffiliatesQuery);
  const { t } = useLingui();
  return (
    <div>
      <PageHeader
        title={t`Affiliate payouts`}
        description={t`Due balances (past the refund window). Each payout you mark is a ledger entry; full TINs are shown on request and every read is audited.`}
      />
      {query.isPending ? (
        <Spinner label={t`Loading affiliates`} />
      ) : query.isError ? (
        <LoadFailed
          title={t`Affiliates could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.affiliates.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No affiliates yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {[...query.data.affiliates]
            .sort((a, b) => b.balances.dueCents - a.balances.dueCents)
            .map((row) => (
              <AffiliateRow key={row.userId} row={row} />
            ))}
        </ul>
      )}
    </div>
  );
}

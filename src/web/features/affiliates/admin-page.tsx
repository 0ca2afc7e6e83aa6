import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { z } from 'zod';
import type { AdminAffiliateSchema } from '../../../contracts/affiliates';
import { LoadFailed } from '../../components/query-states';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { parseMoneyInput } from '../../lib/money';
import { toast } from '../../lib/toast';
import { adminAffiliatesQuery, useRecordPayout, useRevealTin } from './api';
import { usd, usePayoutMethodLabel } from './parts';

type Row = z.infer<typeof AdminAffiliateSchema>;

function PayoutForm({ row }: { row: Row }) {
  const id = useId();
  const pay = useRecordPayout();
  const [amount, setAmount] = useState((Math.max(row.balances.dueCents, 0) / 100).toFixed(2));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { t } = useLingui();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const cents = parseMoneyInput(amount);
        const next: Record<string, string> = {};
        if (cents === null || cents <= 0) next.amountCents = t`Enter an amount`;
        if (!reference.trim()) next.reference = t`Enter the payment reference`;
        setErrors(next);
        if (Object.keys(next).length || cents === null) return;
        pay.mutate(
          { affiliateId: row.userId, amountCents: cents, reference: reference.trim() },
          {
            onSuccess: () => {
              const paid = usd(cents);
              const name = row.name;
              toast.success(t`Payout of ${paid} recorded for ${name}`);
              setReference('');
            },
            onError: (e) => {
              const fields = fieldErrors(e);
              setErrors(
                Object.keys(fields).length
                  ? fields
                  : { amountCents: errorMessage(e, t`Could not record the payout`) },
              );
            },
          },
        );
      }}
    >
      <Field id={`${id}-amount`} label={t`Amount ($)`} error={errors.amountCents}>
        <Input
          id={`${id}-amount`}
          className="w-28"
          inputMode="decimal"
          value={amount}
          aria-invalid={Boolean(errors.amountCents)}
          aria-describedby={describedBy(`${id}-amount`, { error: errors.amountCents })}
          onChange={(e) => setAmount(e.target.value)}
        />
      </Field>
      <Field id={`${id}-ref`} label={t`Reference`} error={errors.reference}>
        <Input
          id={`${id}-ref`}
          className="w-40"
          value={reference}
          aria-invalid={Boolean(errors.reference)}
          aria-describedby={describedBy(`${id}-ref`, { error: errors.reference })}
          onChange={(e) => setReference(e.target.value)}
        />
      </Field>
      <Button type="submit" size="sm" disabled={pay.isPending}>
        <Trans>Mark paid</Trans>
      </Button>
    </form>
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

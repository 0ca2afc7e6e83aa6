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
import { usd } from './parts';

type Row = z.infer<typeof AdminAffiliateSchema>;

function PayoutForm({ row }: { row: Row }) {
  const id = useId();
  const pay = useRecordPayout();
  const [amount, setAmount] = useState((Math.max(row.balances.dueCents, 0) / 100).toFixed(2));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const cents = parseMoneyInput(amount);
        const next: Record<string, string> = {};
        if (cents === null || cents <= 0) next.amountCents = 'Enter an amount';
        if (!reference.trim()) next.reference = 'Enter the payment reference';
        setErrors(next);
        if (Object.keys(next).length || cents === null) return;
        pay.mutate(
          { affiliateId: row.userId, amountCents: cents, reference: reference.trim() },
          {
            onSuccess: () => {
              toast.success(`Payout of ${usd(cents)} recorded for ${row.name}`);
              setReference('');
            },
            onError: (e) => {
              const fields = fieldErrors(e);
              setErrors(
                Object.keys(fields).length
                  ? fields
                  : { amountCents: errorMessage(e, 'Could not record the payout') },
              );
            },
          },
        );
      }}
    >
      <Field id={`${id}-amount`} label="Amount ($)" error={errors.amountCents}>
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
      <Field id={`${id}-ref`} label="Reference" error={errors.reference}>
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
        Mark paid
      </Button>
    </form>
  );
}

function TinCell({ row }: { row: Row }) {
  const reveal = useRevealTin();
  if (!row.w9OnFile) return <Badge variant="warning">No W-9</Badge>;
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
          Show full TIN
        </Button>
      ) : null}
    </span>
  );
}

/** Admin payouts queue: due balances, payouts marked as sent, W-9 status. */
export function AdminAffiliatesPage() {
  const query = useQuery(adminAffiliatesQuery);
  return (
    <div>
      <PageHeader
        title="Affiliate payouts"
        description="Due balances (past the refund window). Each payout you mark is a ledger entry; full TINs are shown on request and every read is audited."
      />
      {query.isPending ? (
        <Spinner label="Loading affiliates" />
      ) : query.isError ? (
        <LoadFailed
          title="Affiliates could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.affiliates.length === 0 ? (
        <p className="text-muted-foreground">No affiliates yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {[...query.data.affiliates]
            .sort((a, b) => b.balances.dueCents - a.balances.dueCents)
            .map((row) => (
              <li
                key={row.userId}
                className="flex flex-col gap-3 rounded-lg border border-border p-4"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">
                    {row.name}{' '}
                    <span className="text-sm font-normal text-muted-foreground">{row.email}</span>
                  </span>
                  <span className="text-sm">
                    Due <strong>{usd(row.balances.dueCents)}</strong> · pending{' '}
                    {usd(row.balances.pendingCents)} · paid {usd(row.balances.paidCents)}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-3 text-sm">
                  <span>Payout: {row.payoutMethod?.replace('_', ' ') ?? 'not set'}</span>
                  <TinCell row={row} />
                </div>
                <PayoutForm row={row} />
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../contracts/tickets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { chargeStep } from '../../../../contracts/currency';
import { formatMoney, moneyInputValue, parseMoneyInput } from '../../../lib/money';
import { useRefundOrder } from '../api';

/** Refund an order in full (what is left) or in part, with an optional reason. */
export function RefundDialog({
  eventId,
  order,
  onOpenChange,
}: {
  eventId: string;
  order: Order | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  let description: string | undefined;
  if (order) {
    const buyer = order.buyer.name;
    const paid = formatMoney(order.totalCents, order.currency);
    const refundable = formatMoney(order.totalCents - order.refundedCents, order.currency);
    description = t`${buyer} paid ${paid}; ${refundable} can still be refunded.`;
  }
  return (
    <Dialog
      open={order !== null}
      onOpenChange={onOpenChange}
      title={t`Refund order`}
      description={description}
    >
      {order ? (
        <RefundForm eventId={eventId} order={order} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function RefundForm({
  eventId,
  order,
  onDone,
}: {
  eventId: string;
  order: Order;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const refund = useRefundOrder(eventId);
  const left = order.totalCents - order.refundedCents;
  const leftAmount = formatMoney(left, order.currency);
  const currency = order.currency;
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    let amountCents: number | undefined;
    if (kind === 'partial') {
      const cents = parseMoneyInput(amount, undefined, currency);
      if (cents === null || cents < 1) {
        setAmountError(t`Please enter the amount to refund`);
        return;
      }
      if (cents % chargeStep(currency) !== 0) {
        // Three-decimal currencies are refunded in steps of 10 fils, as they are charged.
        const step = moneyInputValue(chargeStep(currency), currency);
        setAmountError(t`Amounts in ${currency} go in steps of ${step}`);
        return;
      }
      if (cents > left) {
        setAmountError(t`At most ${leftAmount} can be refunded`);
        return;
      }
      amountCents = cents;
    }
    setAmountError(undefined);
    refund.mutate(
      { orderId: order.id, amountCents, reason: reason.trim() || undefined },
      {
        onSuccess: (updated) => {
          const refunded = formatMoney(amountCents ?? left, updated.currency);
          const buyer = updated.buyer.name;
          toast.success(t`Refunded ${refunded} to ${buyer}`);
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {refund.isError ? (
        <Alert variant="destructive">
          {errorMessage(refund.error, t`The refund failed. Please try again.`)}
        </Alert>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>How much</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-kind`}
            className="size-4 accent-primary"
            checked={kind === 'full'}
            onChange={() => setKind('full')}
          />
          <Trans>Full refund ({leftAmount}); the tickets become invalid</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-kind`}
            className="size-4 accent-primary"
            checked={kind === 'partial'}
            onChange={() => setKind('partial')}
          />
          <Trans>Partial refund; the tickets stay valid</Trans>
        </label>
      </fieldset>
      {kind === 'partial' ? (
        <Field id={`${id}-amount`} label={t`Amount (${currency})`} error={amountError}>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            aria-invalid={Boolean(amountError)}
            aria-describedby={describedBy(`${id}-amount`, { error: amountError })}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
      ) : null}
      <Field id={`${id}-reason`} label={t`Reason (optional)`}>
        <Input
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          <Trans>Keep payment</Trans>
        </Button>
        <Button type="submit" variant="destructive" disabled={refund.isPending}>
          {refund.isPending ? t`Refunding...` : t`Refund`}
        </Button>
      </div>
    </form>
  );
}

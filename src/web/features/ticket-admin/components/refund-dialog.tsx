import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Order } from '../../../../contracts/tickets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import {
  checksResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useContractText } from '../../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { formatMoney, offChargeStep, parseMoneyInput } from '../../../lib/money';
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

interface RefundValues {
  kind: 'full' | 'partial';
  amount: string;
  reason: string;
}
const REFUND_FIELDS = ['amount', 'reason'] as const;

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
  const say = useContractText();
  const id = useId();
  const refund = useRefundOrder(eventId);
  const left = order.totalCents - order.refundedCents;
  const leftAmount = formatMoney(left, order.currency);
  const currency = order.currency;
  // The amount's checks need the order (what is left, the currency's step), which the contract's
  // schema does not know: they are this form's, in its own translated texts, as before.
  const form = useForm<RefundValues>({
    defaultValues: { kind: 'full', amount: '', reason: '' },
    resolver: checksResolver<RefundValues>(({ kind, amount }) => {
      if (kind !== 'partial') return {};
      const cents = parseMoneyInput(amount, undefined, currency);
      if (cents === null || cents < 1) return { amount: t`Please enter the amount to refund` };
      const step = offChargeStep(cents, currency);
      if (step) return { amount: t`Amounts in ${currency} go in steps of ${step}` };
      if (cents > left) return { amount: t`At most ${leftAmount} can be refunded` };
      return {};
    }),
  });
  const kind = form.watch('kind');
  const failure = form.formState.errors.root?.message;

  async function submit(values: RefundValues) {
    const amountCents =
      values.kind === 'partial'
        ? (parseMoneyInput(values.amount, undefined, currency) ?? undefined)
        : undefined;
    try {
      const updated = await refund.mutateAsync({
        orderId: order.id,
        amountCents,
        reason: values.reason.trim() || undefined,
      });
      const refunded = formatMoney(amountCents ?? left, updated.currency);
      const buyer = updated.buyer.name;
      toast.success(t`Refunded ${refunded} to ${buyer}`);
      onDone();
    } catch (error) {
      // A refusal naming a field lands on it; any other shows above the choices, as before.
      const fields = renameFields(fieldErrors(error), { amountCents: 'amount' });
      if (!setServerErrors(form, fields, REFUND_FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The refund failed. Please try again.`),
        });
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
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
            onChange={() => form.setValue('kind', 'full')}
          />
          <Trans>Full refund ({leftAmount}); the tickets become invalid</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-kind`}
            className="size-4 accent-primary"
            checked={kind === 'partial'}
            onChange={() => form.setValue('kind', 'partial')}
          />
          <Trans>Partial refund; the tickets stay valid</Trans>
        </label>
      </fieldset>
      {kind === 'partial' ? (
        <FormField<RefundValues> name="amount" label={t`Amount (${currency})`} formatError={say}>
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
      ) : null}
      <FormField<RefundValues> name="reason" label={t`Reason (optional)`} formatError={say}>
        {(control) => <Input {...control} maxLength={500} />}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          <Trans>Keep payment</Trans>
        </Button>
        <Button type="submit" variant="destructive" disabled={refund.isPending}>
          {refund.isPending ? t`Refunding...` : t`Refund`}
        </Button>
      </div>
    </Form>
  );
}

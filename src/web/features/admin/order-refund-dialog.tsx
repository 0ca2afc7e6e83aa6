import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { AdminOrder } from '../../../contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import {
  checksResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatMoney, moneyInputValue, offChargeStep, parseMoneyInput } from '../../lib/money';
import { useRefund } from './api';

interface RefundValues {
  amount: string;
  reason: string;
}
const REFUND_FIELDS = ['amount', 'reason'] as const;

/** The admin's refund of one order: an amount up to what is left (all of it by default). */
export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { t } = useLingui();
  const say = useContractText();
  const refund = useRefund();
  const left = order.totalCents - order.refundedCents;
  const buyer = order.buyer.email;
  const most = formatMoney(left, order.currency);
  const currency = order.currency;
  // The amount's checks need the order (what is left, the currency's step), which the contract's
  // schema does not know: they are this form's, in its own translated texts, as before.
  const form = useForm<RefundValues>({
    defaultValues: { amount: moneyInputValue(left, currency), reason: '' },
    resolver: checksResolver<RefundValues>(({ amount }) => {
      const cents = parseMoneyInput(amount, undefined, currency);
      if (cents === null || cents > left) return { amount: t`Enter an amount up to ${most}` };
      const step = offChargeStep(cents, currency);
      if (step) return { amount: t`Amounts in ${currency} go in steps of ${step}` };
      return {};
    }),
  });
  async function submit({ amount, reason }: RefundValues) {
    const cents = parseMoneyInput(amount, undefined, currency) ?? left;
    try {
      await refund.mutateAsync({
        orderId: order.id,
        amountCents: cents === left ? undefined : cents,
        reason,
      });
      onClose();
    } catch (error) {
      // A refusal naming a field lands on it; any other shows above the fields, as before.
      const fields = renameFields(fieldErrors(error), { amountCents: 'amount' });
      if (!setServerErrors(form, fields, REFUND_FIELDS))
        form.setError('root', { message: errorMessage(error, t`The refund failed`) });
    }
  }
  const failure = form.formState.errors.root?.message;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t`Refund order`}
      description={t`${buyer}: up to ${most} can be refunded.`}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
        {failure ? <Alert variant="destructive" title={failure} /> : null}
        <FormField<RefundValues> name="amount" label={t`Amount (${currency})`} formatError={say}>
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
        <FormField<RefundValues> name="reason" label={t`Reason (optional)`} formatError={say}>
          {(control) => <Input {...control} maxLength={500} />}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            <Trans>Refund</Trans>
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

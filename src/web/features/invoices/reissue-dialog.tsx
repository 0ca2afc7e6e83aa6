import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  InvoiceBuyerSchema,
  type InvoiceSummary,
  type ReissueInvoiceInput,
} from '../../../contracts/invoices';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useReissueInvoice } from './api';

type Buyer = ReissueInvoiceInput['buyer'];
const FIELDS = ['name', 'email', 'company', 'address', 'vatId'] as const;
type BuyerValues = Record<(typeof FIELDS)[number], string>;
const blankToNull = (v: string) => (v.trim() ? v.trim() : null);
// The body as before: name and email trimmed, a blank optional field as null.
const buyerInput = (values: BuyerValues): Buyer => ({
  name: values.name.trim(),
  email: values.email.trim(),
  company: blankToNull(values.company),
  address: blankToNull(values.address),
  vatId: blankToNull(values.vatId),
});
// The server names a buyer's field `buyer.name`; the form's field is `name`.
const buyerFields = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [path.replace(/^buyer\./, ''), message]),
  );

/**
 * The organizer corrects the buyer an invoice names: the invoice is cancelled by a credit note
 * and issued again under a new number (decision 059); an issued invoice is never edited.
 */
export function ReissueInvoiceDialog({
  invoice,
  buyer,
  onOpenChange,
}: {
  invoice: InvoiceSummary | null;
  buyer: Buyer;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const reissue = useReissueInvoice(invoice?.orderId ?? '');
  const say = useContractText();
  const form = useForm<BuyerValues>({
    defaultValues: {
      name: buyer.name,
      email: buyer.email ?? '',
      company: buyer.company ?? '',
      address: buyer.address ?? '',
      vatId: buyer.vatId ?? '',
    },
    resolver: contractResolver<BuyerValues>(InvoiceBuyerSchema, buyerInput, FIELDS),
  });
  const number = invoice?.number ?? '';
  const labels: Record<(typeof FIELDS)[number], string> = {
    name: t`Name`,
    email: t`Email`,
    company: t`Company (optional)`,
    address: t`Address (optional)`,
    vatId: t`VAT ID (optional)`,
  };
  const failure = form.formState.errors.root?.message;

  async function submit(values: BuyerValues) {
    if (!invoice) return;
    try {
      await reissue.mutateAsync({ invoiceId: invoice.id, input: { buyer: buyerInput(values) } });
      toast.success(t`Invoice ${number} cancelled and issued again`);
      onOpenChange(false);
    } catch (error) {
      // A refusal naming a field lands on it; any other shows under the fields, as before.
      if (!setServerErrors(form, buyerFields(fieldErrors(error)), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The invoice could not be issued again.`),
        });
    }
  }

  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title={t`Re-issue invoice ${number}`}
      description={t`The invoice is cancelled by a credit note and issued again with these buyer details under a new number.`}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
        {FIELDS.map((field) => (
          <FormField<BuyerValues> key={field} name={field} label={labels[field]} formatError={say}>
            {(control) => <Input {...control} />}
          </FormField>
        ))}
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <Button type="submit" className="self-end" disabled={reissue.isPending}>
          <Trans>Cancel and re-issue</Trans>
        </Button>
      </Form>
    </Dialog>
  );
}

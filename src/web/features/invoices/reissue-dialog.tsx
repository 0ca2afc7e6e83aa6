import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { InvoiceSummary, ReissueInvoiceInput } from '../../../contracts/invoices';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useReissueInvoice } from './api';

type Buyer = ReissueInvoiceInput['buyer'];
const FIELDS = ['name', 'email', 'company', 'address', 'vatId'] as const;

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
  const [draft, setDraft] = useState<Buyer>(buyer);
  const number = invoice?.number ?? '';
  const labels: Record<(typeof FIELDS)[number], string> = {
    name: t`Name`,
    email: t`Email`,
    company: t`Company (optional)`,
    address: t`Address (optional)`,
    vatId: t`VAT ID (optional)`,
  };
  const errors = fieldErrors(reissue.error);
  const errorOf = (field: string) => errors[`buyer.${field}`];

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!invoice) return;
    const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    reissue.mutate(
      {
        invoiceId: invoice.id,
        input: {
          buyer: {
            name: draft.name.trim(),
            email: draft.email.trim(),
            company: blankToNull(draft.company),
            address: blankToNull(draft.address),
            vatId: blankToNull(draft.vatId),
          },
        },
      },
      {
        onSuccess: () => {
          toast.success(t`Invoice ${number} cancelled and issued again`);
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title={t`Re-issue invoice ${number}`}
      description={t`The invoice is cancelled by a credit note and issued again with these buyer details under a new number.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {FIELDS.map((field) => {
          const id = `reissue-${field}`;
          const error = errorOf(field);
          return (
            <Field key={field} id={id} label={labels[field]} error={error}>
              <Input
                id={id}
                value={draft[field] ?? ''}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy(id, { error })}
                onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
              />
            </Field>
          );
        })}
        {reissue.isError && Object.keys(errors).length === 0 ? (
          <Alert variant="destructive">
            {errorMessage(reissue.error, t`The invoice could not be issued again.`)}
          </Alert>
        ) : null}
        <Button type="submit" className="self-end" disabled={reissue.isPending}>
          <Trans>Cancel and re-issue</Trans>
        </Button>
      </form>
    </Dialog>
  );
}

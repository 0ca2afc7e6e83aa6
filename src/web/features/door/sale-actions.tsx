import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, Printer } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  BoxOfficeMailInputSchema,
  type BoxOfficeMailInput,
  type BoxOfficeSale,
} from '../../../contracts/box-office';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { postMailTickets } from './api';

// What the desk does with a sale once it is paid (decisions 117, 132): print its tickets, or
// mail them to the address the buyer gives.

const enc = encodeURIComponent;

/** The sale's tickets as one PDF, a page each, opened in the browser's viewer to print. */
const saleTicketsPdfUrl = (eventId: string, orderId: string) =>
  `/api/door/events/${enc(eventId)}/box-office/sales/${enc(orderId)}/tickets.pdf`;

export function PrintTickets({ eventId, sale }: { eventId: string; sale: BoxOfficeSale }) {
  if (sale.status !== 'paid' || !sale.tickets.length) return null;
  return (
    <a
      href={saleTicketsPdfUrl(eventId, sale.orderId)}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-2 self-start rounded-md border border-input px-3 py-2 text-sm font-medium hover:bg-muted"
    >
      <Printer aria-hidden="true" className="size-4" />
      <Trans>Print tickets</Trans>
    </a>
  );
}

const MAIL_FIELDS = ['email'] as const;

/**
 * "Mail the tickets later": the buyer's address, and one mail per press. The request id is kept
 * until a mail has gone, so a double click (or a retry after a network error) sends one mail.
 */
export function MailTickets({ eventId, sale }: { eventId: string; sale: BoxOfficeSale }) {
  const { t } = useLingui();
  const say = useContractText();
  const requestId = useRef(crypto.randomUUID());
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<BoxOfficeMailInput>({
    defaultValues: { email: sale.buyerEmail ?? '' },
    resolver: contractResolver<BoxOfficeMailInput>(
      BoxOfficeMailInputSchema,
      (values) => values,
      MAIL_FIELDS,
    ),
  });
  if (sale.status !== 'paid' || !sale.tickets.length) return null;
  const failure = form.formState.errors.root?.message;
  async function submit(values: BoxOfficeMailInput) {
    setSent(null);
    try {
      const mailed = await postMailTickets(eventId, sale.orderId, values, requestId.current);
      requestId.current = crypto.randomUUID();
      setSent(mailed.sentTo);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), MAIL_FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The tickets could not be mailed. Please try again.`),
        });
    }
  }
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-2"
      aria-label={t`Mail the tickets`}
    >
      <FormField<BoxOfficeMailInput>
        name="email"
        label={t`Buyer's email address`}
        formatError={say}
      >
        {(control) => <Input type="email" autoComplete="off" {...control} />}
      </FormField>
      <Button
        type="submit"
        variant="outline"
        className="self-start"
        disabled={form.formState.isSubmitting}
      >
        <Mail aria-hidden="true" className="size-4" />
        <Trans>Mail the tickets</Trans>
      </Button>
      {sent ? (
        // Inside the sale's alert, a live region: the confirmation is announced.
        <p className="text-sm font-medium">
          <Trans>The tickets are on their way to {sent}.</Trans>
        </p>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
    </Form>
  );
}

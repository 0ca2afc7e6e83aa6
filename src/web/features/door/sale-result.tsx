import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BoxOfficeSale } from '../../../contracts/box-office';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { doorKeys, fetchSale, postAdmitSale } from './api';
import { CardOnPhone } from './card-on-phone';
import { MailTickets, PrintTickets } from './sale-actions';
import { useSalePush } from './use-sale-push';

// A sale once made: its payment state, its tickets, and what the desk does next (decision 070).

/** How often a waiting sale is read while the realtime socket cannot tell the desk. */
const FALLBACK_POLL_MS = 15_000;

/** A sale kept up to date while its card payment is open: the provider's webhook settles it. */
function useLiveSale(eventId: string, orderId: string, initial?: BoxOfficeSale) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(initial ? initial.status === 'pending' : true);
  // The webhook lands whenever the buyer has paid (or the checkout expires): the socket says so.
  const pushed = useSalePush(eventId, orderId, pending);
  const sale = useQuery({
    queryKey: doorKeys.sale(orderId),
    queryFn: () => fetchSale(eventId, orderId),
    initialData: initial,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && !pushed ? FALLBACK_POLL_MS : false,
    retry: false,
  });
  const status = sale.data?.status;
  useEffect(() => {
    if (status) setPending(status === 'pending');
  }, [status]);
  useEffect(() => {
    // Settled either way: what is left to sell and the shift's takings have changed.
    if (status && status !== 'pending')
      void queryClient.invalidateQueries({ queryKey: doorKeys.boxOffices });
  }, [status, queryClient]);
  return sale;
}

/** The sale just made at the desk, followed until its payment is in (or given up). */
export function LiveSale({
  eventId,
  sale,
  onPhone,
  onAdmitted,
}: {
  eventId: string;
  sale: BoxOfficeSale;
  onPhone: boolean;
  onAdmitted: () => void;
}) {
  const live = useLiveSale(eventId, sale.orderId, sale);
  return (
    <SaleResult
      eventId={eventId}
      sale={live.data ?? sale}
      onPhone={onPhone}
      onAdmitted={onAdmitted}
    />
  );
}

/** A sale coming back from the card form (`?sale=`): its state, and admit once paid. */
export function ReturnedSale({
  eventId,
  orderId,
  onAdmitted,
}: {
  eventId: string;
  orderId: string;
  onAdmitted: () => void;
}) {
  const { t } = useLingui();
  const sale = useLiveSale(eventId, orderId);
  if (sale.isError)
    return <Alert variant="destructive">{errorMessage(sale.error, t`Sale not found`)}</Alert>;
  if (!sale.data) return null;
  return <SaleResult eventId={eventId} sale={sale.data} onPhone={false} onAdmitted={onAdmitted} />;
}

/** What was sold: the change to give, the card payment to take, the tickets and their state. */
function SaleResult({
  eventId,
  sale,
  onPhone,
  onAdmitted,
}: {
  eventId: string;
  sale: BoxOfficeSale;
  /** The card payment is taken on the buyer's phone: show its QR code. */
  onPhone: boolean;
  onAdmitted: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const admit = useMutation({
    mutationFn: () => postAdmitSale(eventId, sale.orderId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: doorKeys.sale(sale.orderId) });
      onAdmitted();
    },
  });
  const shown = admit.data ?? sale;
  const total = formatMoney(shown.totalCents, shown.currency);
  const change = formatMoney(shown.changeCents ?? 0, shown.currency);
  if (shown.status === 'cancelled' || shown.status === 'expired')
    return (
      <Alert variant="destructive" title={t`No sale`}>
        <p data-testid="sale-result">
          {shown.status === 'cancelled'
            ? t`Sale cancelled: nothing was charged and the tickets are back on sale.`
            : t`The card payment was not made in time: the tickets are back on sale.`}
        </p>
      </Alert>
    );
  const canAdmit =
    shown.status === 'paid' && shown.tickets.some((ticket) => ticket.status === 'valid');
  return (
    <Alert variant={shown.status === 'paid' ? 'success' : 'info'} title={t`Sale recorded`}>
      <div className="flex flex-col gap-2" data-testid="sale-result">
        {shown.status === 'paid' ? (
          <p>
            <Trans>Paid: {total}.</Trans>{' '}
            {shown.method === 'cash' ? <Trans>Change to give: {change}</Trans> : null}
          </p>
        ) : onPhone ? (
          <CardOnPhone eventId={eventId} sale={shown} />
        ) : (
          <p>
            <Trans>Waiting for the card payment of {total}.</Trans>{' '}
            {shown.checkoutUrl ? (
              <a href={shown.checkoutUrl} className="font-semibold underline">
                <Trans>Take the card payment</Trans>
              </a>
            ) : null}
          </p>
        )}
        {shown.addOns.length ? (
          <ul className="text-sm" aria-label={t`Add-ons`}>
            {shown.addOns.map((addOn) => (
              <li key={addOn.name}>
                {addOn.quantity} × {addOn.name}
              </li>
            ))}
          </ul>
        ) : null}
        {shown.tickets.length ? (
          <ul className="text-sm">
            {shown.tickets.map((ticket) => (
              <li key={ticket.id}>
                {ticket.ticketTypeName} ·{' '}
                {ticket.status === 'checked_in' ? t`Checked in` : t`Not checked in yet`}
              </li>
            ))}
          </ul>
        ) : null}
        <PrintTickets eventId={eventId} sale={shown} />
        <MailTickets eventId={eventId} sale={shown} />
        {canAdmit ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={admit.isPending}
            onClick={() => admit.mutate()}
          >
            <Trans>Admit these guests now</Trans>
          </Button>
        ) : null}
        {admit.isError ? (
          <p role="alert">{errorMessage(admit.error, t`Could not admit. Please try again.`)}</p>
        ) : null}
      </div>
    </Alert>
  );
}

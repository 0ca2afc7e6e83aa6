import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/money';
import { useOfferPushOnce } from '../notifications';
import { forgetCheckoutDraft } from '../questions';
import { LazyExperiencePrompt } from '../ratings';
import { paths } from '../../lib/paths';
import { orderQuery, paymentSessionQuery, useCancelOrder, usePaymentReturn } from './api';
import { forgetCheckoutKey } from './cart-storage';
import { consumePendingPayment, readPendingPayment } from './pending-payment';
import { removeOrderedFromCart } from './use-cart';

/**
 * spec §2 mea/payment-success (?success=true&session_id=…). spec §4: when the session matches
 * the stored pending record and it is under 10 minutes old, the server is told (it creates the
 * payment_success notification); the record is removed either way.
 */
export function PaymentSuccess({ sessionId }: { sessionId: string | null }) {
  const { t } = useLingui();
  const paymentReturn = usePaymentReturn();
  const handled = useRef(false);
  const [isChecked, setChecked] = useState(false);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects (the record is gone after this).
    if (handled.current) return;
    handled.current = true;
    const record = consumePendingPayment(sessionId, Date.now());
    if (record && sessionId) {
      paymentReturn.mutate(
        { sessionId, storedAt: record.timestamp },
        { onSettled: () => setChecked(true) },
      );
    } else {
      setChecked(true);
    }
  }, [sessionId, paymentReturn]);

  const session = useQuery({
    ...paymentSessionQuery(sessionId ?? ''),
    enabled: Boolean(sessionId) && isChecked,
    // The provider's confirmation may land a moment after the buyer returns.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 2000 : false),
  });
  const orderId = session.data?.orderId ?? null;
  const isPaid = session.data
    ? ['paid', 'partially_refunded', 'refunded'].includes(session.data.status)
    : false;
  const order = useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) && isPaid });
  const offerPush = useOfferPushOnce();
  useEffect(() => {
    if (!order.data) return;
    removeOrderedFromCart(order.data.items.map((i) => i.ticketTypeId));
    forgetCheckoutKey();
    forgetCheckoutDraft();
    // A first ticket is when being told of changes to the event starts to matter.
    offerPush();
  }, [order.data, offerPush]);

  const isConfirming = session.data?.status === 'pending';
  const ticketCount = order.data?.tickets.length ?? 0;
  // A payment that arrived after the hold ran out (and the tickets were gone) is refunded.
  const isClosed = session.data
    ? ['expired', 'cancelled', 'refunded'].includes(session.data.status)
    : false;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      {isConfirming ? (
        <Clock aria-hidden="true" className="size-14 text-warning" />
      ) : (
        <CircleCheck aria-hidden="true" className="size-14 text-success" />
      )}
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>Payment Successful!</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>
          Thank you for your purchase. Please check your email for your confirmation and tickets.
        </Trans>
      </p>
      {/* spec §2 rating dialog: once per account, docked so "View receipt" stays free. */}
      <LazyExperiencePrompt ratingType="checkout" isTriggered={isPaid} />
      {session.data ? (
        <p className="text-lg font-semibold">
          {formatMoney(session.data.amountCents, session.data.currency)}
        </p>
      ) : null}
      {isConfirming ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label={t`Confirming payment`} className="[&>svg]:size-4" />
          <Trans>We are confirming your payment with the provider…</Trans>
        </p>
      ) : null}
      {isClosed ? (
        <Alert title={t`This order was not completed`}>
          <Trans>
            Your reservation ended before the payment arrived, so no tickets were issued. If you
            were charged, the full amount is refunded.
          </Trans>
        </Alert>
      ) : null}
      {ticketCount ? (
        <p role="status" className="text-sm text-success">
          <Plural
            value={ticketCount}
            one="Your ticket is ready."
            other="Your # tickets are ready."
          />
        </p>
      ) : null}
      {order.data?.kind === 'vendor_fee' && session.data?.eventId ? (
        <>
          <p role="status" className="text-sm text-success">
            <Trans>Your vendor fee is paid. You can now join the event group chat.</Trans>
          </p>
          <Link
            to={`/event-group-chat?event=${encodeURIComponent(session.data.eventId)}`}
            className={buttonClasses({ size: 'lg' })}
          >
            <Trans>Open the event group chat</Trans>
          </Link>
        </>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        {orderId ? (
          <Link to={paths.receipt(orderId)} className={buttonClasses()}>
            <Trans>View receipt</Trans>
          </Link>
        ) : null}
        <Link to={paths.dashboard()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>My tickets</Trans>
        </Link>
        {session.data?.eventId ? (
          <Link
            to={paths.event(session.data.eventId)}
            className={buttonClasses({ variant: 'ghost' })}
          >
            <Trans>Back to the event</Trans>
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** spec §2 mea/payment-cancelled: nothing was charged; try again any time. */
export function PaymentCancelled({
  sessionId,
  eventId: eventFromUrl,
}: {
  sessionId: string | null;
  eventId: string | null;
}) {
  const { t } = useLingui();
  const [record] = useState(() => readPendingPayment());
  const session = useQuery({
    ...paymentSessionQuery(sessionId ?? ''),
    enabled: Boolean(sessionId),
  });
  const cancel = useCancelOrder();
  const eventId = session.data?.eventId ?? eventFromUrl ?? record?.eventId ?? null;
  const canRelease = session.data?.status === 'pending' && !cancel.isSuccess;

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <CircleX aria-hidden="true" className="size-14 text-muted-foreground" />
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>Payment Cancelled</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>
          Your payment was cancelled and nothing was charged. You can try again anytime.
        </Trans>
      </p>
      {cancel.isSuccess ? (
        <Alert variant="success">
          <Trans>Your reserved tickets were released.</Trans>
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={paths.cart()} className={buttonClasses()}>
          <Trans>Back to cart</Trans>
        </Link>
        {eventId ? (
          <Link to={paths.event(eventId)} className={buttonClasses({ variant: 'outline' })}>
            <Trans>Back to the event</Trans>
          </Link>
        ) : null}
        {session.data && canRelease ? (
          <Button
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(session.data.orderId, {
                onError: () => toast.error(t`The reservation could not be released.`),
              })
            }
          >
            <Trans>Release my reserved tickets</Trans>
          </Button>
        ) : null}
      </div>
      {session.data?.status === 'pending' ? (
        <p className="text-sm text-muted-foreground">
          <Trans>
            Your tickets stay reserved for a few minutes.{' '}
            <Link to={paths.receipt(session.data.orderId)} className="text-primary underline">
              Pay for this order
            </Link>
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

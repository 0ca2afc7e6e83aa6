import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { localSessionQuery } from './api';
import { CheckoutForm, Frame } from './local-checkout-form';
import { readPendingPayment } from './pending-payment';

/**
 * The built-in test provider's hosted checkout (`/pay/{sessionId}`), outside the main layout like
 * a card provider's page: amount, lines, the hold's countdown, a card form and test cards.
 */
export function LocalCheckout({ sessionId }: { sessionId: string }) {
  const { t } = useLingui();
  const session = useQuery(localSessionQuery(sessionId));
  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    return (
      <Frame>
        {isMissing(session.error) ? (
          <MissingCheckout sessionId={sessionId} />
        ) : (
          <LoadFailed
            title={t`Checkout unavailable`}
            error={session.error}
            onRetry={() => void session.refetch()}
          />
        )}
        <a href="/" className={buttonClasses({ variant: 'outline', className: 'self-start' })}>
          <Trans>Return to MEA Events</Trans>
        </a>
      </Frame>
    );
  }
  return <CheckoutForm session={session.data} sessionId={sessionId} />;
}

/**
 * A session this browser was sent to but the server does not know: its hold was lost (a hold is
 * committed without waiting for the disk, so a database crash right after can undo it; decision
 * 012). Nothing was charged; say so and lead back to the tickets.
 */
function MissingCheckout({ sessionId }: { sessionId: string }) {
  const { t } = useLingui();
  const pending = readPendingPayment();
  if (pending?.sessionId !== sessionId) {
    return (
      <Alert variant="destructive" title={t`Checkout not found`}>
        <Trans>This payment link is not valid. Return to the site and try again.</Trans>
      </Alert>
    );
  }
  return (
    <>
      <Alert variant="destructive" title={t`Your reservation was lost`}>
        <Trans>
          A problem on our side undid your reservation before you paid. You have not been charged.
          Please choose your tickets again.
        </Trans>
      </Alert>
      <a
        href={pending.eventId ? paths.event(pending.eventId) : '/events'}
        className={buttonClasses({ className: 'self-start' })}
      >
        <Trans>Try again</Trans>
      </a>
    </>
  );
}

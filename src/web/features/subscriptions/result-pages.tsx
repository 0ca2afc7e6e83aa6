import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { SUBSCRIPTION_MESSAGES } from '../../../contracts/subscriptions';
import { buttonClasses } from '../../components/ui/button';
import { useContractText } from '../../i18n/contract-text';
import { subscriptionKeys } from './api';

/** spec §2 subscription/success: "Subscription Activated!", mentioning the meetings product. */
export function SubscriptionSuccessPage() {
  const client = useQueryClient();
  const say = useContractText();
  // The payment confirmation may land a moment after the return: read the status again.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: subscriptionKeys.all });
    const again = setTimeout(
      () => void client.invalidateQueries({ queryKey: subscriptionKeys.all }),
      2000,
    );
    return () => clearTimeout(again);
  }, [client]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <CircleCheck aria-hidden="true" className="size-14 text-success" />
      <h1 className="text-3xl font-extrabold tracking-tight">
        {say(SUBSCRIPTION_MESSAGES.activatedTitle)}
      </h1>
      <p className="text-muted-foreground">
        <Trans>
          Thank you for subscribing. Your plan is active now: host bigger events, message your
          guests, and run MEA Meet video meetings and live streams with the tools your plan
          includes. A receipt is on your subscription page.
        </Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/subscription" className={buttonClasses({})}>
          <Trans>View my subscription</Trans>
        </Link>
        <Link to="/create-event" className={buttonClasses({ variant: 'outline' })}>
          <Trans>Create an event</Trans>
        </Link>
      </div>
    </div>
  );
}

/** spec §2 subscription/cancelled. */
export function SubscriptionCancelledPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <CircleX aria-hidden="true" className="size-14 text-muted-foreground" />
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>Subscription checkout cancelled</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>You were not charged. You can choose a plan again whenever you are ready.</Trans>
      </p>
      <Link to="/pricing" className={buttonClasses({})}>
        <Trans>Back to pricing</Trans>
      </Link>
    </div>
  );
}

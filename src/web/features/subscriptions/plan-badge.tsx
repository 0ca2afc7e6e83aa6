import { useLingui } from '@lingui/react/macro';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { planBadgeLabel } from '../../../contracts/subscriptions';
import { useSubscriptionStatus } from './api';

/** spec §2 header: a compact plan badge when subscribed, nothing otherwise (loaded lazily). */
export function PlanBadge() {
  const { t } = useLingui();
  const status = useSubscriptionStatus();
  if (!status.subscribed || !status.plan) return null;
  const plan = status.plan;
  return (
    <Link
      to="/subscription"
      aria-label={t`Your plan: ${plan}`}
      data-testid="plan-badge"
      className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-semibold text-primary hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring max-lg:px-2"
    >
      <Crown aria-hidden="true" className="size-3.5" />
      <span className="max-lg:sr-only">{planBadgeLabel(status.plan)}</span>
    </Link>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** How the server's plan gates end their refusals (spec §6; subscriptions.service). */
const PRICING_HINT = 'See /pricing.';

/**
 * A message with a plan gate's closing "See /pricing." turned into a link to the pricing page:
 * the server's text names the plan that unlocks the feature (decision 021). Anything else is
 * returned as it is.
 */
export function withPricingLink(message: ReactNode): ReactNode {
  if (typeof message !== 'string') return message;
  const at = message.indexOf(PRICING_HINT);
  if (at < 0) return message;
  return (
    <>
      {message.slice(0, at)}See{' '}
      <Link to="/pricing" className="font-medium underline underline-offset-2">
        plans and pricing
      </Link>
      .{message.slice(at + PRICING_HINT.length)}
    </>
  );
}

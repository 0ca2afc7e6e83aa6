import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * How the server's plan gates end their refusals: "See /pricing." in English, the same path in
 * every language's sentence (spec §6; subscriptions.service).
 */
const PRICING_PATH = '/pricing';

/**
 * A message with a plan gate's closing "See /pricing." turned into a link to the pricing page
 * ("See plans and pricing."): the server's text names the plan that unlocks the feature
 * (decision 021). Only the path becomes the link, so the server's sentence around it reads the
 * same in any language. Anything else is returned as it is.
 */
export function withPricingLink(message: ReactNode): ReactNode {
  if (typeof message !== 'string') return message;
  const at = message.lastIndexOf(` ${PRICING_PATH}`);
  if (at < 0) return message;
  return (
    <>
      {message.slice(0, at + 1)}
      <Link to={PRICING_PATH} className="font-medium underline underline-offset-2">
        <Trans>plans and pricing</Trans>
      </Link>
      {message.slice(at + 1 + PRICING_PATH.length)}
    </>
  );
}

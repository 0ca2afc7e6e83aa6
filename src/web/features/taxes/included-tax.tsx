import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { PlatformChargeKind } from '../../../contracts/taxes';
import { cn } from '../../lib/cn';
import { publicPlatformTaxRatesQuery } from './api';

// "incl. 20 % VAT" beside a price MEA Events charges (a plan, a vendor fee, an ad budget): the
// item's own rate, else its kind's (decisions 081, 093). Nothing while loading, when the rates
// cannot be read, or when the price carries no tax.

export function IncludedTax({
  kind,
  itemId,
  className,
  spaced = false,
}: {
  kind: PlatformChargeKind;
  /** The plan's, the event's (vendor fee) or the campaign's id; left out for a new one. */
  itemId?: string;
  className?: string;
  /**
   * Starts with a space of its own. For use inside a translated sentence ("fee {fee}<0/>, paid
   * after approval"): the sentence then reads right with and without a tax, and no space is left
   * before the comma when there is none.
   */
  spaced?: boolean;
}) {
  const rates = useQuery(publicPlatformTaxRatesQuery);
  if (!rates.data) return null;
  const rate =
    rates.data.items.find((r) => r.kind === kind && r.itemId === itemId) ??
    rates.data.rates.find((r) => r.kind === kind);
  if (!rate || rate.rateThousandths === 0) return null;
  const { name, percent } = rate;
  return (
    <>
      {spaced ? ' ' : null}
      <span className={cn('text-xs text-muted-foreground', className)}>
        <Trans>
          incl. {percent} % {name}
        </Trans>
      </span>
    </>
  );
}

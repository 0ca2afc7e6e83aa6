import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { PromoPlacement } from '../../../contracts/promotions';
import { cn } from '../../lib/cn';
import { servedQuery, type ServeTargeting } from './api';
import { SponsoredCard, type SponsoredLayout } from './sponsored-card';

/**
 * Served items of a list or sidebar placement, or nothing: unlike the billboard
 * these places have no fallback, and a failed or empty serving leaves the page as it was.
 */
export function SponsoredSlot({
  placement,
  limit = 1,
  layout,
  className,
  ...targeting
}: {
  placement: Exclude<PromoPlacement, 'home_billboard'>;
  limit?: number;
  layout: Exclude<SponsoredLayout, 'card'>;
  className?: string;
} & ServeTargeting) {
  const { data } = useQuery(servedQuery(placement, limit, targeting));
  const { t } = useLingui();
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-label={t`Sponsored`}
      className={cn(
        'showcase-slot',
        layout === 'row' ? 'grid gap-4 md:grid-cols-2' : 'flex flex-col gap-4',
        className,
      )}
    >
      {items.map((item) => (
        <SponsoredCard key={item.token} item={item} layout={layout} headingLevel="h2" />
      ))}
    </section>
  );
}

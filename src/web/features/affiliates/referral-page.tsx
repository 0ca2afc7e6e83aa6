import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { affiliateSessionId, storePromoReferral } from './tracking';

/**
 * spec §2 /r/{promoId}?event_id=: "Processing referral...", then the server's referral handler,
 * which counts the click, sets the 30-day affiliate cookie and redirects to the event (home
 * without an event_id). The promo referral is kept in this browser session (§3).
 */
export function ReferralPage() {
  const { promoId = '' } = useParams();
  const [search] = useSearchParams();
  const eventId = search.get('event_id');
  const { t } = useLingui();
  useEffect(() => {
    storePromoReferral(promoId, eventId);
    const query = new URLSearchParams({ session_id: affiliateSessionId() });
    if (eventId) query.set('event_id', eventId);
    window.location.replace(`/api/affiliates/r/${encodeURIComponent(promoId)}?${query}`);
  }, [promoId, eventId]);
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8">
      <Spinner label={t`Processing referral...`} />
      <h1 className="text-xl font-semibold">
        <Trans>Processing referral...</Trans>
      </h1>
    </main>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { PageSpinner } from '../../components/ui/spinner';
import { apiPost, errorMessage } from '../../lib/api-client';
import { affiliateSessionId } from '../affiliates';

/**
 * An affiliate's widget carries their code (`ref`): the popup is a first-party page, so it counts
 * the visit like a promo link does (the affiliates API sets its signed cookie), and the normal
 * checkout then reports the order for crediting. A failure never holds up the purchase.
 */
async function trackAffiliate(code: string | null, eventId: string) {
  if (!code) return;
  try {
    await apiPost('/api/affiliates/track-click', {
      affiliateId: code,
      eventId,
      sessionId: affiliateSessionId(),
    });
  } catch {
    // The purchase stands without its referral.
  }
}

/**
 * The ticket widget's popup (decision 029): signed in (the route asks first), it ties the
 * widget's random id to this buyer and event, then goes on to the normal ticket page. The framed
 * widget learns of the payment by asking the server with that id.
 */
export function WidgetCheckoutPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    trackAffiliate(search.get('ref'), eventId)
      .then(() =>
        apiPost('/api/developer/widget/checkouts', { nonce: search.get('n') ?? '', eventId }),
      )
      .then(() => navigate(`/ticket?event_id=${encodeURIComponent(eventId)}`, { replace: true }))
      .catch((failure: unknown) =>
        setError(errorMessage(failure, t`This checkout link is not valid.`)),
      );
  }, [eventId, navigate, search, t]);
  if (!error) return <PageSpinner />;
  return (
    <PageBody>
      <PageHeader title={t`Buy tickets`} />
      <Alert variant="destructive">{error}</Alert>
    </PageBody>
  );
}

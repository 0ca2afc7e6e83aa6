import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { SharePanel } from './share-panel';

/** /share and /mea-share?event={id}. */
export function SharePage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const eventId = params.get('event');
  return (
    <PageBody narrow>
      <PageHeader title={t`Share`} description={t`Send the event to friends.`} />
      <SharePanel key={eventId ?? ''} eventId={eventId} />
    </PageBody>
  );
}

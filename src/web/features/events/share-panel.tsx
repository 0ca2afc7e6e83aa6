import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { eventQuery } from './api';
import { QrImage } from '../../components/qr-image';
import { CopyButton } from '../../components/copy-button';
import { NativeShareButton } from './components/native-share-button';
import { eventPageUrl, shareLinks } from './share-links';

// Share targets are named by their brand; only the plain mail link has a name to translate.
const SHARE_LABELS: Partial<Record<string, MessageDescriptor>> = { Email: msg`Email` };

/**
 * /share and /mea-share?event=id: a copyable link to the event, the device's share sheet where
 * there is one, a QR code and plain share links.
 */
export function SharePanel({ eventId }: { eventId: string | null }) {
  const { t, i18n } = useLingui();
  const shareLabel = (name: string) => {
    const label = SHARE_LABELS[name];
    return label ? i18n._(label) : name;
  };
  const query = useQuery({ ...eventQuery(eventId ?? ''), enabled: Boolean(eventId) });
  if (!eventId) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-muted-foreground">
          <Trans>Open an event and choose Share to get its link here.</Trans>
        </p>
        <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>Browse events</Trans>
        </Link>
      </div>
    );
  }
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <p className="text-muted-foreground">
        <Trans>This event does not exist or is not public.</Trans>
      </p>
    );
  }
  const event = query.data;
  const title = event.title;
  // The owner shares a private event with its secret, or the link would not open for anyone.
  const url = eventPageUrl(
    window.location.origin,
    event.id,
    event.visibility === 'private' ? event.accessToken : null,
  );
  return (
    <div className="flex flex-col gap-6">
      <p className="text-lg">
        <Trans>
          Share{' '}
          <Link to={paths.event(event.id)} className="font-semibold text-primary underline">
            {title}
          </Link>
        </Trans>
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor="share-link" className="text-sm font-medium">
          <Trans>Link to the event</Trans>
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id="share-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={url} />
          <NativeShareButton url={url} title={event.title} />
        </div>
      </div>
      <figure className="flex flex-col items-start gap-2">
        <QrImage text={url} label={event.title} />
        <figcaption className="text-sm text-muted-foreground">
          <Trans>Scan to open the event on a phone.</Trans>
        </figcaption>
      </figure>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label={t`Share on`}>
        {shareLinks(url, event.title).map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'outline', className: 'w-full' })}
            >
              {shareLabel(link.name)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

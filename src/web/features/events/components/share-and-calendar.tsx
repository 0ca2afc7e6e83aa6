import { Trans } from '@lingui/react/macro';
import { CalendarPlus, Download, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import type { EventDetail } from '../api';
import { googleCalendarUrl, icsUrl } from '../calendar-links';
import { eventPageUrl } from '../share-links';

/** Share (spec §2 /share and /mea-share pages) and add-to-calendar links. */
export function ShareAndCalendar({ event, access }: { event: EventDetail; access: string | null }) {
  const pageUrl = eventPageUrl(window.location.origin, event.id, access);
  const outline = buttonClasses({ variant: 'outline', size: 'sm', className: 'justify-start' });
  return (
    <section
      aria-labelledby="share-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="share-title" className="text-sm font-semibold text-muted-foreground uppercase">
        <Trans>Share and save</Trans>
      </h2>
      <div className="grid gap-2">
        <Link to={paths.share(event.id)} className={outline}>
          <Share2 aria-hidden="true" className="size-4" />
          <Trans>Share</Trans>
        </Link>
        <Link to={paths.meaShare(event.id)} className={outline}>
          <Share2 aria-hidden="true" className="size-4" />
          <Trans>Share on MEA</Trans>
        </Link>
        <a href={icsUrl(event.id, access)} download className={outline}>
          <Download aria-hidden="true" className="size-4" />
          <Trans>Add to calendar (.ics)</Trans>
        </a>
        <a
          href={googleCalendarUrl(event, pageUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={outline}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Google Calendar
        </a>
      </div>
    </section>
  );
}

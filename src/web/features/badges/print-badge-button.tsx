import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { badgesPdfUrl, badgeTemplatesQuery } from './api';

/**
 * "Print badge" for one admitted guest at the desk: the event's first badge template, as a PDF
 * the browser prints. Nothing when the event has no template (or the network is down).
 */
export function PrintBadgeButton({
  eventId,
  ticketId,
  className,
}: {
  eventId: string;
  ticketId: string;
  className?: string;
}) {
  const { t } = useLingui();
  const query = useQuery({ ...badgeTemplatesQuery(eventId), retry: false });
  const template = query.data?.templates[0];
  if (!template) return null;
  return (
    <a
      href={badgesPdfUrl(template.id, { ticket: ticketId })}
      target="_blank"
      rel="noreferrer"
      className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), className)}
      aria-label={t`Print this guest's badge`}
    >
      <Printer aria-hidden="true" className="size-4" />
      <Trans>Print badge</Trans>
    </a>
  );
}

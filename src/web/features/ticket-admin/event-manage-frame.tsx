import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AccessDenied } from '../../app/guards/access-denied';
import { isMissing, LoadFailed } from '../../components/query-states';
import { PageSpinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { ACCESS_CODES_TAB, eventAccessCodesPath } from '../access-codes';
import { eventQuestionsPath, QUESTIONS_TAB } from '../questions';
import { eventQuery, type EventDetail } from '../events';
import { eventWaitlistPath, WAITLIST_TAB } from '../waitlist';
import { eventTaxesPath, TAXES_TAB } from '../taxes';
import { eventSeatingPath, SEATING_TAB } from '../seating';
import { useSession } from '../session';
import { useTeamRole } from '../teams';
import { eventSalesChannelsPath, SALES_CHANNELS_TAB } from './sales-channels-tab';
import { ROLE_PERMISSIONS, type TeamPermission, type TeamRole } from '../../../contracts/teams';

/**
 * The frame of the organizer's ticketing pages: the event's title, links between the pages, and
 * a clear refusal for anyone but the event's owner or an admin.
 */
export function EventManageFrame({
  eventId,
  title,
  actions,
  children,
  teamRoles = [],
  permission,
}: {
  eventId: string;
  title: string;
  /** Team roles (decision 065) that may use this page on the owner's event as well. */
  teamRoles?: readonly TeamRole[];
  /** The team permission (decision 065) the page's calls need: members whose role has it get in. */
  permission?: TeamPermission;
  /** Buttons beside the title (e.g. Message attendees). */
  actions?: (event: EventDetail) => ReactNode;
  children: (event: EventDetail) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const { pathname } = useLocation();
  const event = useQuery(eventQuery(eventId));
  const ownerId = event.data?.organizer.id;
  // Only someone else's event can be reached through a team.
  const teamRole = useTeamRole(
    eventId,
    user && ownerId !== user.id && !user.roles.includes('admin') ? ownerId : undefined,
  );
  if (event.isPending) return <PageSpinner />;
  if (event.isError) {
    return isMissing(event.error) ? (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Event not found</Trans>
        </h1>
      </div>
    ) : (
      <LoadFailed
        title={t`The event could not be loaded`}
        error={event.error}
        onRetry={() => void event.refetch()}
      />
    );
  }
  const isOwner = Boolean(
    user && (user.id === event.data.organizer.id || user.roles.includes('admin')),
  );
  // A member sees the pages and tabs their role opens; the server checks every call again.
  const memberMay = (needed: TeamPermission | undefined) =>
    Boolean(teamRole && needed && ROLE_PERMISSIONS[teamRole].includes(needed));
  const allowed = isOwner || (teamRole && teamRoles.includes(teamRole)) || memberMay(permission);
  if (!allowed) {
    return (
      <AccessDenied reason={t`Only the event's organizer can manage its tickets.`}>
        <Link to={paths.event(eventId)} className="font-medium text-primary hover:underline">
          <Trans>Back to the event</Trans>
        </Link>
      </AccessDenied>
    );
  }
  const all: { to: string; label: string; needs: TeamPermission; reloadDocument?: true }[] = [
    { to: paths.eventTickets(eventId), label: t`Tickets`, needs: 'event.edit' },
    { to: paths.eventDiscountCodes(eventId), label: t`Discount codes`, needs: 'discount_codes' },
    { to: eventAccessCodesPath(eventId), label: i18n._(ACCESS_CODES_TAB), needs: 'event.edit' },
    { to: eventQuestionsPath(eventId), label: i18n._(QUESTIONS_TAB), needs: 'event.edit' },
    { to: eventWaitlistPath(eventId), label: i18n._(WAITLIST_TAB), needs: 'event.edit' },
    { to: eventSeatingPath(eventId), label: i18n._(SEATING_TAB), needs: 'event.edit' },
    { to: eventTaxesPath(eventId), label: i18n._(TAXES_TAB), needs: 'invoices' },
    { to: paths.eventExports(eventId), label: t`Exports`, needs: 'exports' },
    { to: eventSalesChannelsPath(eventId), label: i18n._(SALES_CHANNELS_TAB), needs: 'orders' },
    // A full page load: the server allows the camera on the check-in document only.
    {
      to: paths.eventCheckIn(eventId),
      label: t`Check-in`,
      needs: 'check_in',
      reloadDocument: true,
    },
  ];
  const links = isOwner ? all : all.filter((link) => memberMay(link.needs));
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link
          to={paths.event(eventId)}
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {event.data.title}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{title}</h1>
          {actions?.(event.data)}
        </div>
        <nav aria-label={t`Event ticketing`}>
          <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  reloadDocument={link.reloadDocument === true}
                  aria-current={pathname === link.to ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-1.5 text-sm font-medium',
                    pathname === link.to
                      ? 'bg-background shadow-sm'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {children(event.data)}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import type { TeamRole } from '../../../contracts/teams';
import { paths } from '../../lib/paths';
import { membershipsQuery } from './api';
import { ROLE_LABELS } from './role-labels';

/** The page of an owner's event where the member's role does its work. */
export function pageFor(role: TeamRole, eventId: string) {
  if (role === 'check_in' || role === 'box_office') return paths.eventCheckIn(eventId);
  if (role === 'marketing') return paths.eventDiscountCodes(eventId);
  if (role === 'finance') return paths.eventExports(eventId);
  if (role === 'vendor_manager') return `/vendor_requests/${encodeURIComponent(eventId)}`;
  return paths.eventTickets(eventId);
}

/**
 * On the dashboard: the teams the person acts for and the owners' events their role opens,
 * each linking to the page where that role works. Nothing for someone on no team.
 */
export function ActingForTeams() {
  const { t, i18n } = useLingui();
  const teams = useQuery(membershipsQuery);
  const list = teams.data?.teams ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-label={t`Teams`}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Users aria-hidden="true" className="size-5 text-primary" />
        <Trans>Teams</Trans>
      </h2>
      <ul className="flex flex-col gap-3">
        {list.map((team) => {
          const owner = team.ownerName;
          return (
            <li key={team.ownerId} className="flex flex-col gap-1">
              <p className="font-medium">
                <Trans>Acting for {owner}</Trans>{' '}
                <span className="text-muted-foreground">· {i18n._(ROLE_LABELS[team.role])}</span>
              </p>
              {team.needsTwoFactor ? (
                <p className="text-sm text-destructive">
                  <Trans>
                    This team requires two-factor sign-in. Turn it on in your{' '}
                    <Link to={paths.profile()} className="underline">
                      profile
                    </Link>
                    .
                  </Trans>
                </p>
              ) : null}
              {team.events.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>No events to act on yet.</Trans>
                </p>
              ) : (
                <ul className="ms-4 list-disc text-sm">
                  {team.events.map((event) => (
                    <li key={event.id}>
                      <Link to={pageFor(team.role, event.id)} className="underline">
                        {event.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

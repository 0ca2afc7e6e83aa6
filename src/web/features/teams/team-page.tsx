import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { TEAM_ROLES, type Team, type TeamRole } from '../../../contracts/teams';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import {
  activityQuery,
  membershipsQuery,
  teamQuery,
  useLeaveTeam,
  useRemoveMember,
  useRevokeInvite,
  useTeamSettings,
  useUpdateMember,
} from './api';
import { pageFor } from './acting-for';
import { actionLabel } from './activity-labels';
import { InviteForm } from './invite-form';
import { ROLE_LABELS } from './role-labels';

/** "Team": the owner's members, invitations and activity, and the teams one belongs to. */
export function TeamPage() {
  const { user } = useSession();
  const owns = user?.userType === 'organizer' || user?.userType === 'venue';
  return (
    <section
      aria-labelledby="team-title"
      className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8"
    >
      <h1 id="team-title" className="text-2xl font-bold tracking-tight">
        <Trans>Team</Trans>
      </h1>
      {owns ? <OwnerTeam /> : null}
      <MyTeams />
    </section>
  );
}

function OwnerTeam() {
  const { t, i18n } = useLingui();
  const team = useQuery(teamQuery);
  const activity = useQuery(activityQuery);
  const revoke = useRevokeInvite();
  if (team.isPending) return <PageSpinner />;
  if (team.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(team.error, t`The team could not be loaded.`)}
      </Alert>
    );
  const data = team.data;
  const scopeOf = (s: { allEvents: boolean; eventIds: string[] }) =>
    s.allEvents
      ? t`All events`
      : data.events
          .filter((e) => s.eventIds.includes(e.id))
          .map((e) => e.title)
          .join(', ');
  return (
    <>
      <TwoFactorSetting required={data.requireTwoFactor} />
      <InviteForm team={data} />
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">
          <Trans>Members</Trans>
        </h2>
        {data.members.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No one is on your team yet.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-start">
                <th className="text-start">{t`Name`}</th>
                <th className="text-start">{t`Role`}</th>
                <th className="text-start">{t`Events`}</th>
                <th className="text-start">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((m) => (
                <MemberRow key={m.id} member={m} scope={scopeOf(m)} />
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">
          <Trans>Pending invitations</Trans>
        </h2>
        {data.invites.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No pending invitations.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.invites.map((invite) => {
              const email = invite.email;
              return (
                <li key={invite.id} className="flex flex-wrap items-center gap-3">
                  <span>
                    {invite.email} · {i18n._(ROLE_LABELS[invite.role])} · {scopeOf(invite)}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(invite.id)}
                    aria-label={t`Revoke the invitation to ${email}`}
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">
          <Trans>Activity</Trans>
        </h2>
        {activity.data?.activity.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {activity.data.activity.map((a) => (
              <li key={a.id}>
                {i18n.date(a.createdAt, { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
                {a.actorName ?? t`Former member`} · {actionLabel(i18n, a.action)}
                {a.eventTitle ? ` · ${a.eventTitle}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">
            <Trans>Nothing yet.</Trans>
          </p>
        )}
      </div>
    </>
  );
}

/** The owner's "Members must use two-factor sign-in". */
function TwoFactorSetting({ required }: { required: boolean }) {
  const { t } = useLingui();
  const save = useTeamSettings();
  // The tick shows in the same render as the click (the mutation's pending state arrives a tick
  // later, and a controlled box would flip back in between); the saved value comes back with the
  // team once it is reloaded, or the old one if the save failed.
  const [ticked, setTicked] = useState<boolean | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={ticked ?? required}
          disabled={save.isPending}
          onChange={(e) => {
            const requireTwoFactor = e.target.checked;
            setTicked(requireTwoFactor);
            save.mutate({ requireTwoFactor }, { onSettled: () => setTicked(null) });
          }}
        />
        <Trans>Members must use two-factor sign-in</Trans>
      </label>
      <p className="text-sm text-muted-foreground">
        <Trans>
          A member without an authenticator app or a passkey is asked to set one up before they can
          act for your team.
        </Trans>
      </p>
      {save.isError ? (
        <Alert variant="destructive">
          {errorMessage(save.error, t`The setting could not be saved.`)}
        </Alert>
      ) : null}
    </div>
  );
}

function MemberRow({ member, scope }: { member: Team['members'][number]; scope: string }) {
  const { t, i18n } = useLingui();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const name = member.name;
  return (
    <tr>
      <td>
        {member.name} <span className="text-muted-foreground">{member.email}</span>
      </td>
      <td>
        <Select
          aria-label={t`Role of ${name}`}
          value={member.role}
          onChange={(e) =>
            update.mutate({
              id: member.id,
              input: {
                role: e.target.value as TeamRole,
                allEvents: member.allEvents,
                eventIds: member.eventIds,
              },
            })
          }
        >
          {TEAM_ROLES.map((r) => (
            <option key={r} value={r}>
              {i18n._(ROLE_LABELS[r])}
            </option>
          ))}
        </Select>
      </td>
      <td>{scope}</td>
      <td>
        <Button
          variant="outline"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate(member.id)}
          aria-label={t`Remove ${name} from the team`}
        >
          <Trans>Remove</Trans>
        </Button>
      </td>
    </tr>
  );
}

/** The teams the signed-in person belongs to, and the events they may act on. */
function MyTeams() {
  const { t, i18n } = useLingui();
  const teams = useQuery(membershipsQuery);
  const leave = useLeaveTeam();
  const list = teams.data?.teams ?? [];
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">
        <Trans>Teams you belong to</Trans>
      </h2>
      {list.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>You are not on anyone's team.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.map((team) => {
            const owner = team.ownerName;
            return (
              <li key={team.ownerId} className="flex flex-col gap-1">
                <p className="font-medium">
                  <Trans>Acting for {owner}</Trans> · {i18n._(ROLE_LABELS[team.role])}
                </p>
                {team.needsTwoFactor ? (
                  <Alert variant="destructive">
                    <Trans>
                      {owner}'s team requires two-factor sign-in. Turn it on in your{' '}
                      <Link to={paths.profile()} className="underline">
                        profile
                      </Link>{' '}
                      before acting for the team.
                    </Trans>
                  </Alert>
                ) : null}
                <ul className="ms-4 list-disc">
                  {team.events.map((event) => (
                    <li key={event.id}>
                      <Link to={pageFor(team.role, event.id)} className="underline">
                        {event.title}
                      </Link>
                    </li>
                  ))}
                </ul>
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => leave.mutate(team.ownerId)}
                    aria-label={t`Leave the team of ${owner}`}
                  >
                    <Trans>Leave</Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../session';
import { invitePreviewQuery, useAcceptInvite } from './api';
import { ROLE_LABELS } from './role-labels';

/**
 * Where a mailed team invitation lands. A signed-out visitor signs in or signs up (with the
 * invited address) and comes back here; the signed-in person accepts with one button.
 */
export function InviteAcceptPage() {
  const { t, i18n } = useLingui();
  const { token = '' } = useParams();
  const { user, isLoading } = useSession();
  const preview = useQuery(invitePreviewQuery(token));
  const accept = useAcceptInvite();
  const back = encodeURIComponent(`/teams/invite/${encodeURIComponent(token)}`);
  return (
    <section
      aria-labelledby="invite-accept-title"
      className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10"
    >
      <h1 id="invite-accept-title" className="text-2xl font-bold tracking-tight">
        <Trans>Team invitation</Trans>
      </h1>
      {accept.isSuccess ? (
        <p role="status">
          <Trans>
            You joined the team.{' '}
            <Link to="/team" className="underline">
              See your teams
            </Link>
          </Trans>
        </p>
      ) : preview.isPending || isLoading ? (
        <PageSpinner />
      ) : preview.isError ? (
        <Alert variant="destructive">
          {errorMessage(preview.error, t`This invitation is not valid. Please ask for a new one.`)}
        </Alert>
      ) : (
        <>
          <InviteSummary
            owner={preview.data.ownerName}
            email={preview.data.email}
            role={i18n._(ROLE_LABELS[preview.data.role])}
          />
          {accept.isError ? (
            <Alert variant="destructive">
              {errorMessage(accept.error, t`The invitation could not be accepted.`)}
            </Alert>
          ) : null}
          {user ? (
            <div>
              <Button disabled={accept.isPending} onClick={() => accept.mutate(token)}>
                <Trans>Accept the invitation</Trans>
              </Button>
            </div>
          ) : (
            <div className="flex gap-3">
              <Link to={`/auth?redirect=${back}`} className={buttonClasses({})}>
                <Trans>Sign in or sign up to accept</Trans>
              </Link>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function InviteSummary({ owner, email, role }: { owner: string; email: string; role: string }) {
  return (
    <p>
      <Trans>
        {owner} invited {email} to their team as {role}.
      </Trans>
    </p>
  );
}

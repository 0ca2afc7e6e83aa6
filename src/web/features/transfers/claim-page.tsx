import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, isMissing, LoadFailed } from '../../components/query-states';
import { PageBody } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import { claimQuery, useClaimTransfer } from './api';

/**
 * Not in spec §2: the page a mailed transfer link opens. Anyone with the link sees what is
 * offered; taking the ticket needs an account, so a signed-out visitor signs in or up first and
 * comes back here.
 */
export function ClaimPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const claim = useQuery(claimQuery(token));
  const take = useClaimTransfer(token);
  if (claim.isPending || isLoading) return <PageSpinner />;
  if (claim.isError) {
    return (
      <PageBody narrow>
        {isMissing(claim.error) ? (
          <EmptyState icon={Ticket} title={t`This transfer link is not valid`}>
            <p className="text-muted-foreground">
              <Trans>Check that you opened the whole link from the email.</Trans>
            </p>
          </EmptyState>
        ) : (
          <LoadFailed
            title={t`The transfer could not be loaded`}
            error={claim.error}
            onRetry={() => void claim.refetch()}
          />
        )}
      </PageBody>
    );
  }
  const offer = claim.data;
  const sender = offer.fromName ?? t`Someone`;
  const eventTitle = offer.eventTitle;
  const ticketType = offer.ticketTypeName;
  const when = formatDateTime(offer.eventStartsAt, { timeZone: offer.eventTimezone });
  const here = `/ticket-claim/${encodeURIComponent(token)}`;
  return (
    <PageBody narrow>
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <Trans>{sender} sent you a ticket</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p>
            <Trans>
              A “{ticketType}” ticket for <strong>{eventTitle}</strong>, {when}.
            </Trans>
          </p>
          {offer.status === 'completed' ? (
            <Alert variant="info">
              <Trans>This ticket has already been taken.</Trans>
            </Alert>
          ) : offer.status === 'cancelled' ? (
            <Alert variant="info">
              <Trans>The sender took this transfer back.</Trans>
            </Alert>
          ) : user ? (
            <>
              {take.isError ? (
                <Alert variant="destructive">
                  {errorMessage(take.error, t`The ticket could not be taken.`)}
                </Alert>
              ) : null}
              <div>
                <Button
                  disabled={take.isPending}
                  onClick={() =>
                    take.mutate(undefined, {
                      onSuccess: ({ ticketId }) => void navigate(paths.ticket(ticketId)),
                    })
                  }
                >
                  <Trans>Take the ticket</Trans>
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">
                <Trans>It gets a QR code of its own, in your tickets.</Trans>
              </p>
            </>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                <Trans>Sign in, or create an account, to take it.</Trans>
              </p>
              <div>
                <Link to={paths.auth(here)} className={buttonClasses()}>
                  <Trans>Sign in to take the ticket</Trans>
                </Link>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </PageBody>
  );
}

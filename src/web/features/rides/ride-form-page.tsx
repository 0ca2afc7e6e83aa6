import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { AccessDenied } from '../../app/guards/access-denied';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../session';
import { rideQuery } from './api';
import { RideForm } from './ride-form';

function SignInFirst() {
  const { t } = useLingui();
  return (
    <Alert title={t`Sign in to offer a ride`}>
      <Link to="/auth" className="font-medium underline">
        <Trans>Sign in</Trans>
      </Link>
    </Alert>
  );
}

/** /create-ryder and /ryder/create (?event=…): offer a ride to an event. */
export function CreateRidePage() {
  const [params] = useSearchParams();
  const { user, isLoading } = useSession();
  const eventId = params.get('event');
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Offer a ride`}
        description={t`Take people to the event and share the trip.`}
      />
      {isLoading ? (
        <Spinner label={t`Loading`} />
      ) : !user ? (
        <SignInFirst />
      ) : !eventId ? (
        <Alert title={t`Choose the event first`}>
          <Trans>
            Open an event and choose “Rides to this event”, then “Offer a ride”.{' '}
            <Link to="/events" className="font-medium underline">
              Browse events
            </Link>
          </Trans>
        </Alert>
      ) : (
        <Card>
          <CardContent className="pt-6">
            <RideForm eventId={eventId} />
          </CardContent>
        </Card>
      )}
    </PageBody>
  );
}

/** /edit-ryder/:ryderId: the driver changes the ride. */
export function EditRidePage() {
  const { ryderId = '' } = useParams();
  const query = useQuery({ ...rideQuery(ryderId), refetchInterval: false });
  const { t } = useLingui();
  let body;
  if (query.isPending) body = <Spinner label={t`Loading the ride`} />;
  else if (query.isError)
    body = (
      <LoadFailed
        title={t`The ride could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.role !== 'driver')
    return (
      <AccessDenied reason={t`Only the ride's driver can change it.`}>
        <Link to={`/ryder/${ryderId}`} className="font-medium text-primary hover:underline">
          <Trans>Back to the ride</Trans>
        </Link>
      </AccessDenied>
    );
  else
    body = (
      <Card>
        <CardContent className="pt-6">
          <RideForm eventId={query.data.eventId} ride={query.data} />
        </CardContent>
      </Card>
    );
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Edit ride`}
        actions={
          <Link
            to={`/ryder/${ryderId}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Trans>Back to the ride</Trans>
          </Link>
        }
      />
      {body}
    </PageBody>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { QrImage } from '../../components/qr-image';
import { sharedRideQuery } from './api';
import { MapBox } from './map-box';
import { formatWhen, priceLabel, seatsLabel } from './format';

/** /shared-ryder/:ryderId (public): the ride without riders, contact or the exact point. */
export function SharedRidePage() {
  const { ryderId = '' } = useParams();
  const query = useQuery(sharedRideQuery(ryderId));
  const [copied, setCopied] = useState(false);
  const { t } = useLingui();
  if (query.isPending)
    return (
      <PageBody narrow>
        <Spinner label={t`Loading the ride`} />
      </PageBody>
    );
  if (query.isError)
    return (
      <PageBody narrow>
        <LoadFailed
          title={t`The ride could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </PageBody>
    );
  const ride = query.data;
  const url = `${window.location.origin}/shared-ryder/${ride.id}`;
  const eventTitle = ride.eventTitle;
  const area = ride.departureArea;
  const driverName = ride.driverFirstName;
  const text = t`Ride to ${eventTitle} from ${area}`;
  return (
    <PageBody narrow>
      <PageHeader title={t`Ride to ${eventTitle}`} description={t`With ${driverName}`} />
      {ride.status === 'cancelled' ? (
        <Alert variant="destructive" className="mb-4">
          <Trans>This ride was cancelled.</Trans>
        </Alert>
      ) : null}
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">
                <Trans>From</Trans>
              </dt>
              <dd className="font-medium">{ride.departureArea}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Leaves</Trans>
              </dt>
              <dd className="font-medium">{formatWhen(ride.departsAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Seats left</Trans>
              </dt>
              <dd className="font-medium">{seatsLabel(ride.seatsLeft)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Price</Trans>
              </dt>
              <dd className="font-medium">{priceLabel(ride)}</dd>
            </div>
            {ride.approximatePoint ? (
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Area (approximate)</Trans>
                </dt>
                <dd className="font-medium">
                  <span dir="ltr">
                    {ride.approximatePoint.lat.toFixed(2)}, {ride.approximatePoint.lng.toFixed(2)}
                  </span>
                </dd>
              </div>
            ) : null}
          </dl>
          {ride.approximatePoint ? (
            <MapBox
              label={t`Map of the approximate departure area`}
              point={ride.approximatePoint}
              approximate
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Link to={`/ryder/${ride.id}`} className={buttonClasses({})}>
              <Trans>Request a seat</Trans>
            </Link>
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? t`Link copied` : t`Copy link`}
            </Button>
            <a
              className={buttonClasses({ variant: 'outline' })}
              href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
              target="_blank"
              rel="noreferrer"
            >
              <Trans>Share on WhatsApp</Trans>
            </a>
            <a
              className={buttonClasses({ variant: 'outline' })}
              href={`mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(url)}`}
            >
              <Trans>Share by email</Trans>
            </a>
          </div>
          <figure className="flex flex-col items-start gap-2">
            <QrImage text={url} label={t`this ride’s share link`} size={160} />
            <figcaption className="text-sm text-muted-foreground">
              <Trans>Scan to open this ride on a phone.</Trans>
            </figcaption>
          </figure>
        </CardContent>
      </Card>
    </PageBody>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { WaitlistPlace } from '../../../contracts/waitlist';
import { PageBody } from '../../components/page-header';
import { isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
import {
  emptyDrafts,
  registrationAnswers,
  RegistrationQuestions,
  type AnswerDrafts,
} from '../questions';
import { useSession } from '../session';
import { placeQuery, useClaimOffer, usePlaceAction } from './api';
import { STATUS_LABELS } from './status-labels';

/** Not in spec §2: /waitlist/{token}, a place on a waiting list behind its mailed link. */
export function WaitlistPlacePage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const place = useQuery(placeQuery(token));
  const action = usePlaceAction(token);
  // Opening the mailed link is the confirmation: once, as the page first loads.
  const confirming = useRef(false);
  useEffect(() => {
    if (place.data?.status === 'unconfirmed' && !confirming.current) {
      confirming.current = true;
      action.mutate('confirm');
    }
  }, [place.data?.status, action]);

  if (place.isPending) return <PageSpinner />;
  if (place.isError)
    return (
      <PageBody narrow>
        {isMissing(place.error) ? (
          <div className="py-16 text-center">
            <h1 className="text-2xl font-bold">
              <Trans>This waiting list link is not valid</Trans>
            </h1>
          </div>
        ) : (
          <LoadFailed
            title={t`Your place could not be loaded`}
            error={place.error}
            onRetry={() => void place.refetch()}
          />
        )}
      </PageBody>
    );
  return (
    <PageBody narrow>
      <PlaceView place={place.data} token={token} />
    </PageBody>
  );
}

function PlaceView({ place, token }: { place: WaitlistPlace; token: string }) {
  const { t, i18n } = useLingui();
  const action = usePlaceAction(token);
  const status = STATUS_LABELS[place.status];
  const eventTitle = place.eventTitle;
  const typeName = place.ticketTypeName;
  const count = place.quantity;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
          <Hourglass aria-hidden="true" className="size-7 text-primary" />
          <Trans>Waiting list</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Link
            to={paths.event(place.eventId)}
            className="font-medium text-primary hover:underline"
          >
            {eventTitle}
          </Link>{' '}
          · {typeName} · {formatPrice(place.priceCents, place.currency)}
        </p>
      </div>
      <section
        className="flex flex-col gap-3 rounded-lg border border-border p-4"
        aria-labelledby="place-title"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="place-title" className="text-lg font-semibold">
            <Trans>Your place</Trans>
          </h2>
          <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <Plural value={count} one="# ticket asked for." other="# tickets asked for." />{' '}
          <span>{place.email}</span>
        </p>
        <StatusText place={place} />
        {place.status === 'offered' ? <ClaimOffer place={place} token={token} /> : null}
        {action.error ? (
          <Alert variant="destructive">
            {errorMessage(action.error, t`That did not work. Please try again.`)}
          </Alert>
        ) : null}
        {place.status === 'waiting' ||
        place.status === 'unconfirmed' ||
        place.status === 'offered' ? (
          <div className="flex flex-wrap gap-2">
            {place.status === 'offered' ? (
              <Button
                variant="outline"
                onClick={() => action.mutate('decline')}
                disabled={action.isPending}
              >
                <Trans>Decline the offer</Trans>
              </Button>
            ) : null}
            <Button
              variant="ghost"
              onClick={() => action.mutate('leave')}
              disabled={action.isPending}
            >
              <Trans>Leave the waiting list</Trans>
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function StatusText({ place }: { place: WaitlistPlace }) {
  switch (place.status) {
    case 'unconfirmed':
      return (
        <p>
          <Trans>Confirming your place…</Trans>
        </p>
      );
    case 'waiting': {
      const ahead = place.ahead ?? 1;
      return (
        <p>
          <Plural
            value={ahead}
            one="You're next in line. We'll email you as soon as tickets become available."
            other="You're number # in line. We'll email you as soon as tickets become available."
          />
        </p>
      );
    }
    case 'offered': {
      const offered = place.offeredQuantity ?? place.quantity;
      const until = place.offerExpiresAt ? formatDateTime(place.offerExpiresAt) : '';
      return (
        <p className="font-medium">
          <Plural
            value={offered}
            one={`# ticket is set aside for you until ${until}.`}
            other={`# tickets are set aside for you until ${until}.`}
          />
        </p>
      );
    }
    case 'claimed':
      return (
        <p>
          <Trans>You took up the offer. Your tickets are in My tickets once paid.</Trans>
        </p>
      );
    case 'expired':
      return (
        <p>
          <Trans>The offer ran out and the tickets went to the next person in line.</Trans>
        </p>
      );
    case 'declined':
      return (
        <p>
          <Trans>You declined the offer. Thank you for letting the next person in.</Trans>
        </p>
      );
    case 'left':
      return (
        <p>
          <Trans>You left the waiting list.</Trans>
        </p>
      );
    case 'removed':
      return (
        <p>
          <Trans>The organizer took this place off the waiting list.</Trans>
        </p>
      );
  }
}

/** Buying the offered tickets: signed in, an order for exactly them, then the payment page. */
function ClaimOffer({ place, token }: { place: WaitlistPlace; token: string }) {
  const { t } = useLingui();
  const { user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const claim = useClaimOffer(token);
  const [answers, setAnswers] = useState<AnswerDrafts>(emptyDrafts);
  if (!user)
    return (
      <Link to={paths.auth(pathname)} className={buttonClasses({ className: 'self-start' })}>
        <Trans>Sign in to buy your tickets</Trans>
      </Link>
    );
  const quantity = place.offeredQuantity ?? 0;
  const total = formatPrice(place.priceCents * quantity, place.currency);
  // The claim is a checkout: the event's questions are answered here, checked by the server.
  const problems = fieldErrors(claim.error);
  const hasProblems = Object.keys(problems).length > 0;
  return (
    <div className="flex flex-col gap-4">
      <RegistrationQuestions
        ticketTypeId={place.ticketTypeId}
        quantity={quantity}
        drafts={answers}
        errors={problems}
        onChange={setAnswers}
      />
      <Button
        className="self-start"
        disabled={claim.isPending}
        onClick={() =>
          claim.mutate(registrationAnswers(answers, place.ticketTypeId, quantity), {
            onSuccess: (order) => {
              if (order.checkoutUrl) window.location.assign(order.checkoutUrl);
              else void navigate('/attending');
            },
          })
        }
      >
        {claim.isPending ? t`Processing...` : t`Buy my tickets (${total})`}
      </Button>
      {hasProblems ? (
        <Alert variant="destructive">
          <Trans>Please check the answers marked above.</Trans>
        </Alert>
      ) : claim.error ? (
        <Alert variant="destructive">
          {errorMessage(claim.error, t`The checkout could not start. Please try again.`)}
        </Alert>
      ) : null}
    </div>
  );
}

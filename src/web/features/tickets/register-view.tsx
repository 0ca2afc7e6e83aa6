import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Ticket } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TICKET_REASONS } from '../../../contracts/tickets';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, errorReason, fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { eventQuery, describeEventTime, viewerTimeZone } from '../events';
import { useOfferPushOnce } from '../notifications';
import {
  emptyDrafts,
  registrationAnswers,
  RegistrationQuestions,
  type AnswerDrafts,
} from '../questions';
import { ticketTypesQuery, useRegister } from './api';
import { TicketLinks } from './components/ticket-links';

/** spec §2 event/{eventId}/register: confirm a free registration, then show the ticket. */
export function RegisterView({ eventId, access }: { eventId: string; access: string | null }) {
  const { t } = useLingui();
  const id = useId();
  const event = useQuery(eventQuery(eventId, access));
  const types = useQuery(ticketTypesQuery(eventId, null, access));
  const register = useRegister();
  const offerPush = useOfferPushOnce();
  const freeTypes = (types.data?.ticketTypes ?? []).filter(
    (type) => type.isFree && type.availability === 'on_sale',
  );
  const [chosen, setChosen] = useState<string>('');
  const [answers, setAnswers] = useState<AnswerDrafts>(emptyDrafts);

  if (event.isPending || types.isPending) return <PageSpinner />;
  if (event.isError) {
    return (
      <LoadFailed
        title={t`Event unavailable`}
        error={event.error}
        onRetry={() => void event.refetch()}
      />
    );
  }
  const ticketTypeId = chosen || freeTypes[0]?.id;
  // The reason, not the words: the server says the message in the page's language.
  const isAlreadyRegistered = errorReason(register.error) === TICKET_REASONS.alreadyRegistered;
  const when = describeEventTime(event.data, viewerTimeZone());
  const eventTitle = event.data.title;

  if (register.isSuccess) {
    const order = register.data;
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-2xl">
            <CircleCheck aria-hidden="true" className="size-6 text-success" />
            <Trans>You are registered</Trans>
          </CardTitle>
          <p className="text-muted-foreground">
            <Trans>Your ticket for {eventTitle} is ready. Show its QR code at the door.</Trans>
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <TicketLinks tickets={order.tickets} />
          <div className="flex flex-wrap gap-2">
            <Link to={paths.receipt(order.id)} className={buttonClasses({ variant: 'outline' })}>
              <Trans>View receipt</Trans>
            </Link>
            <Link to={paths.dashboard()} className={buttonClasses({ variant: 'ghost' })}>
              <Trans>All my tickets</Trans>
            </Link>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-2xl">
          <Ticket aria-hidden="true" className="size-6 text-primary" />
          <Trans>Register for {eventTitle}</Trans>
        </CardTitle>
        <p className="text-muted-foreground">
          <time dateTime={event.data.startsAt}>{when.local}</time> · {event.data.location}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!event.data.isFree && freeTypes.length === 0 ? (
          <Alert>
            <Trans>
              This event sells tickets.{' '}
              <Link to={paths.buyTickets(eventId, access)} className="font-medium underline">
                Get tickets
              </Link>
            </Trans>
          </Alert>
        ) : (
          <>
            <p>
              <Trans>
                Registration is free. You will get a ticket with a QR code to show at the door.
              </Trans>
            </p>
            {freeTypes.length > 1 ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-type`} className="text-sm font-medium">
                  <Trans>Ticket</Trans>
                </label>
                <Select
                  id={`${id}-type`}
                  value={ticketTypeId}
                  onChange={(e) => setChosen(e.target.value)}
                >
                  {freeTypes.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
            {ticketTypeId ? (
              <RegistrationQuestions
                ticketTypeId={ticketTypeId}
                drafts={answers}
                errors={fieldErrors(register.error)}
                onChange={setAnswers}
              />
            ) : null}
            {register.isError ? (
              <Alert variant="destructive">
                {errorMessage(register.error, t`Registration failed. Please try again.`)}
                {isAlreadyRegistered ? (
                  <>
                    {' '}
                    <Link to={paths.dashboard()} className="font-medium underline">
                      <Trans>See your tickets</Trans>
                    </Link>
                  </>
                ) : null}
              </Alert>
            ) : null}
            <Button
              size="lg"
              className="self-start"
              disabled={register.isPending}
              onClick={() =>
                register.mutate(
                  {
                    eventId,
                    access,
                    ticketTypeId,
                    quantity: 1,
                    answers: ticketTypeId ? registrationAnswers(answers, ticketTypeId) : undefined,
                  },
                  // A first ticket is when being told of changes to the event starts to matter.
                  { onSuccess: offerPush },
                )
              }
            >
              {register.isPending ? t`Registering...` : t`Confirm registration`}
            </Button>
          </>
        )}
        <Link to={paths.event(eventId, access)} className="text-sm text-primary hover:underline">
          <Trans>Back to the event</Trans>
        </Link>
      </CardContent>
    </Card>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MessageSquareHeart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FEEDBACK_EDIT_DAYS, type FeedbackItem } from '../../../contracts/feedback';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed, isMissing } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { feedbackFormQuery, myFeedbackQuery } from './api';
import { FeedbackForm } from './feedback-form';
import { StarsOf } from './star-rating';
import { formatDate, formatDateTime } from '../../lib/dates';

const dateOf = (iso: string) => formatDate(iso);

/** /event-feedback: the events awaiting my feedback and the feedback I gave. */
export function FeedbackPage() {
  const { t } = useLingui();
  const query = useQuery(myFeedbackQuery);
  const [params] = useSearchParams();
  const target = params.get('event');
  const [saved, setSaved] = useState<string | null>(null);
  const listed =
    query.data &&
    [...query.data.awaiting, ...query.data.given].some((item) => item.event.id === target);

  // A link from the feedback request opens at its event.
  useEffect(() => {
    if (target && listed)
      document.getElementById(`feedback-card-${target}`)?.scrollIntoView({ block: 'start' });
  }, [target, listed]);

  const editDays = FEEDBACK_EDIT_DAYS;
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Event feedback`}
        description={t`Rate the events you went to and tell organizers what you thought. You can change your feedback for ${editDays} days after an event.`}
      />
      {saved ? (
        <Alert variant="success" className="mb-6">
          {saved}
        </Alert>
      ) : null}
      {query.isPending ? (
        <Spinner label={t`Loading your feedback`} />
      ) : query.isError ? (
        <LoadFailed
          title={t`Your feedback could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-10">
          {target && !listed ? <TargetEvent eventId={target} /> : null}
          <section aria-labelledby="awaiting-heading" className="flex flex-col gap-4">
            <h2 id="awaiting-heading" className="text-xl font-bold">
              <Trans>Awaiting your feedback</Trans>
              <span className="ms-2 text-base font-normal text-muted-foreground">
                ({query.data.awaiting.length})
              </span>
            </h2>
            {query.data.awaiting.length === 0 ? (
              <EmptyState icon={MessageSquareHeart} title={t`Nothing to rate right now`}>
                <p className="text-muted-foreground">
                  <Trans>After an event you hold a ticket for ends, it appears here.</Trans>
                </p>
              </EmptyState>
            ) : (
              <ul className="flex flex-col gap-4">
                {query.data.awaiting.map((item) => {
                  const eventTitle = item.event.title;
                  return (
                    <li key={item.event.id} id={`feedback-card-${item.event.id}`}>
                      <Card>
                        <CardContent className="flex flex-col gap-4 pt-6">
                          <EventHeading item={item} />
                          <FeedbackForm
                            item={item}
                            onSaved={() =>
                              setSaved(t`Thank you! Your feedback on ${eventTitle} is saved.`)
                            }
                          />
                        </CardContent>
                      </Card>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section aria-labelledby="given-heading" className="flex flex-col gap-4">
            <h2 id="given-heading" className="text-xl font-bold">
              <Trans>Feedback you gave</Trans>
            </h2>
            {query.data.given.length === 0 ? (
              <p className="text-muted-foreground">
                <Trans>You have not rated an event yet.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-4">
                {query.data.given.map((item) => (
                  <li key={item.event.id} id={`feedback-card-${item.event.id}`}>
                    <GivenCard item={item} onSaved={setSaved} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </PageBody>
  );
}

function EventHeading({ item }: { item: FeedbackItem }) {
  return (
    <div>
      <h3 className="text-lg font-semibold">
        <Link to={paths.event(item.event.id)} className="hover:underline">
          {item.event.title}
        </Link>
      </h3>
      <p className="text-sm text-muted-foreground">
        {dateOf(item.event.startsAt)}
        {item.event.location ? ` · ${item.event.location}` : ''}
      </p>
    </div>
  );
}

function GivenCard({ item, onSaved }: { item: FeedbackItem; onSaved: (text: string) => void }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const mine = item.mine;
  if (!mine) return null;
  const eventTitle = item.event.title;
  const editableUntil = dateOf(item.editableUntil);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <EventHeading item={item} />
        {editing ? (
          <FeedbackForm
            item={item}
            onSaved={() => {
              setEditing(false);
              onSaved(t`Your feedback on ${eventTitle} is updated.`);
            }}
          />
        ) : (
          <>
            <StarsOf rating={mine.rating} />
            {/* People write in their own language: each text takes its own direction. */}
            {mine.comment ? (
              <p dir="auto" className="whitespace-pre-line">
                {mine.comment}
              </p>
            ) : null}
            {mine.organizerReply ? (
              <div className="rounded-md border-s-4 border-primary bg-muted/50 p-3 text-sm">
                <p className="font-medium">
                  <Trans>The organizer replied</Trans>
                </p>
                <p dir="auto" className="whitespace-pre-line">
                  {mine.organizerReply}
                </p>
              </div>
            ) : null}
            {item.window === 'open' ? (
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Trans>
                    Edit feedback<span className="sr-only"> on {eventTitle}</span>
                  </Trans>
                </Button>
                <span className="text-sm text-muted-foreground">
                  <Trans>Editable until {editableUntil}</Trans>
                </span>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>Feedback for this event is closed.</Trans>
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The event a link named when it is in neither list: too early, closed, or not attended. */
function TargetEvent({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const query = useQuery(feedbackFormQuery(eventId));
  if (query.isPending) return <Spinner label={t`Loading the event`} />;
  if (query.isError)
    return (
      <Alert variant={isMissing(query.error) ? 'info' : 'destructive'}>
        {isMissing(query.error)
          ? t`That event is not among the events you attended.`
          : t`That event could not be loaded.`}
      </Alert>
    );
  const item = query.data;
  const endsAt = formatDateTime(item.event.endsAt);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <EventHeading item={item} />
        <p className="text-muted-foreground">
          {item.window === 'not_ended'
            ? t`Feedback opens when the event ends (${endsAt}).`
            : t`Feedback for this event is closed.`}
        </p>
      </CardContent>
    </Card>
  );
}

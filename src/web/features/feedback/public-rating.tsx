import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ReportButton } from '../reports';
import { eventRatingQuery, organizerRatingQuery } from './api';
import { RatingLine, StarsOf } from './star-rating';

/**
 * The event page's rating and what attendees said, with the organizer's replies. Nothing shows
 * until three people rated (the server answers null before that).
 */
export function EventRating({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const query = useQuery(eventRatingQuery(eventId));
  const rating = query.data?.rating;
  if (!rating) return null;
  const comments = query.data?.comments ?? [];
  return (
    <section aria-labelledby="event-rating-heading" className="flex flex-col gap-3">
      <h2 id="event-rating-heading" className="text-xl font-bold">
        <Trans>What attendees said</Trans>
      </h2>
      <RatingLine average={rating.average} count={rating.count} />
      {comments.length ? (
        <ul className="flex flex-col gap-3">
          {comments.map((comment) => {
            const authorName = comment.authorName;
            return (
              <li key={comment.id} className="rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <StarsOf rating={comment.rating} />
                  <span className="text-sm font-medium">{comment.authorName}</span>
                  <ReportButton
                    targetType="event_feedback"
                    targetId={comment.id}
                    what={t`review by ${authorName}`}
                    className="ms-auto"
                  />
                </div>
                {/* People write in their own language: each text takes its own direction. */}
                <p dir="auto" className="mt-1 whitespace-pre-line text-sm">
                  {comment.comment}
                </p>
                {comment.reply ? (
                  <div className="mt-2 border-s-4 border-primary ps-3 text-sm">
                    <p className="font-medium">
                      <Trans>Reply from the organizer</Trans>
                    </p>
                    <p dir="auto" className="whitespace-pre-line">
                      {comment.reply}
                    </p>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** The organizer profile's rating over all their events (from three ratings). */
export function OrganizerRating({ organizerId }: { organizerId: string }) {
  const query = useQuery(organizerRatingQuery(organizerId));
  const rating = query.data?.rating;
  if (!rating) return null;
  return <RatingLine average={rating.average} count={rating.count} />;
}

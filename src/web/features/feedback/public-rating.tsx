import { useQuery } from '@tanstack/react-query';
import { ReportButton } from '../admin';
import { eventRatingQuery, organizerRatingQuery } from './api';
import { RatingLine, StarsOf } from './star-rating';

/**
 * The event page's rating and what attendees said, with the organizer's replies. Nothing shows
 * until three people rated (the server answers null before that).
 */
export function EventRating({ eventId }: { eventId: string }) {
  const query = useQuery(eventRatingQuery(eventId));
  const rating = query.data?.rating;
  if (!rating) return null;
  const comments = query.data?.comments ?? [];
  return (
    <section aria-labelledby="event-rating-heading" className="flex flex-col gap-3">
      <h2 id="event-rating-heading" className="text-xl font-bold">
        What attendees said
      </h2>
      <RatingLine average={rating.average} count={rating.count} />
      {comments.length ? (
        <ul className="flex flex-col gap-3">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <StarsOf rating={comment.rating} />
                <span className="text-sm font-medium">{comment.authorName}</span>
                <ReportButton
                  targetType="event_feedback"
                  targetId={comment.id}
                  what={`review by ${comment.authorName}`}
                  className="ms-auto"
                />
              </div>
              <p className="mt-1 whitespace-pre-line text-sm">{comment.comment}</p>
              {comment.reply ? (
                <div className="mt-2 border-s-4 border-primary ps-3 text-sm">
                  <p className="font-medium">Reply from the organizer</p>
                  <p className="whitespace-pre-line">{comment.reply}</p>
                </div>
              ) : null}
            </li>
          ))}
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

import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FEEDBACK_REPLY_MAX, type FeedbackResults } from '../../../contracts/feedback';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../session';
import { feedbackKeys, replyTo, setHidden } from './api';
import { StarsOf } from './star-rating';
import { formatDate } from '../../lib/dates';

/** The written comments, each with the organizer's reply and hide/show. */
export function Comments({ results }: { results: FeedbackResults }) {
  return (
    <section aria-labelledby="comments-heading" className="mt-8 flex flex-col gap-4">
      <h2 id="comments-heading" className="text-xl font-bold">
        <Trans>Comments</Trans>
      </h2>
      {results.comments.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No comments yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {results.comments.map((comment) => (
            <li key={comment.id}>
              <CommentCard eventId={results.event.id} comment={comment} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentCard({
  eventId,
  comment,
}: {
  eventId: string;
  comment: FeedbackResults['comments'][number];
}) {
  const { t } = useLingui();
  const client = useQueryClient();
  const { user } = useSession();
  const canModerate = Boolean(
    user?.roles?.some((role) => role === 'admin' || role === 'moderator'),
  );
  const [reply, setReply] = useState(comment.reply ?? '');
  const refresh = () => client.invalidateQueries({ queryKey: feedbackKeys.results(eventId) });
  const save = useMutation({ mutationFn: () => replyTo(comment.id, reply), onSuccess: refresh });
  const hide = useMutation({
    mutationFn: () => setHidden(comment.id, !comment.hidden),
    onSuccess: refresh,
  });
  const id = `reply-${comment.id}`;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-3">
          <StarsOf rating={comment.rating} />
          <span className="text-sm font-medium">{comment.authorName}</span>
          <span className="text-sm text-muted-foreground">{formatDate(comment.createdAt)}</span>
          {comment.hidden ? (
            <Badge variant="warning">
              <Trans>Hidden by a moderator</Trans>
            </Badge>
          ) : null}
        </div>
        <p dir="auto" className="whitespace-pre-line">
          {comment.comment}
        </p>
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Field id={id} label={t`Your public reply`}>
            <textarea
              dir="auto"
              id={id}
              rows={2}
              maxLength={FEEDBACK_REPLY_MAX}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              className="rounded-md border border-border bg-background px-3 py-2 text-sm"
            />
          </Field>
          {save.isError ? (
            <Alert variant="destructive">{errorMessage(save.error, t`Reply not saved.`)}</Alert>
          ) : null}
          {save.isSuccess ? (
            <Alert variant="success">
              <Trans>Reply saved.</Trans>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {comment.reply ? t`Update reply` : t`Reply`}
            </Button>
            {canModerate ? (
              <Button
                variant="outline"
                size="sm"
                disabled={hide.isPending}
                onClick={() => hide.mutate()}
              >
                {comment.hidden ? t`Show comment` : t`Hide comment`}
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

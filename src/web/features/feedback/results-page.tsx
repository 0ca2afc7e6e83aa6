import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  FEEDBACK_MIN_RATINGS_SHOWN,
  FEEDBACK_QUESTION_KINDS,
  FEEDBACK_QUESTIONS_MAX,
  FEEDBACK_REPLY_MAX,
  type FeedbackQuestionKind,
  type FeedbackResults,
} from '../../../contracts/feedback';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed, isMissing } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import { replyTo, resultsKey, resultsQuery, saveQuestions, setHidden } from './api';
import { RatingChart } from './rating-chart';
import { formatAverage, StarsOf } from './star-rating';
import { formatDate } from '../../lib/dates';

/** The question kinds' names (the contract's FEEDBACK_QUESTION_KIND_LABELS) in the page's language. */
export const KIND_LABELS: Record<FeedbackQuestionKind, MessageDescriptor> = {
  text: msg`Short text`,
  choice: msg`Single choice`,
  scale: msg`Scale 1–5`,
};

/** /event-feedback/:eventId: the organizer's results for one event, questions and replies. */
export function FeedbackResultsPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  const query = useQuery(resultsQuery(eventId));
  if (query.isPending)
    return (
      <PageBody>
        <Spinner label={t`Loading feedback results`} />
      </PageBody>
    );
  if (query.isError)
    return (
      <PageBody narrow>
        <LoadFailed
          title={isMissing(query.error) ? t`Event not found` : t`The results could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </PageBody>
    );
  const results = query.data;
  const eventTitle = results.event.title;
  const count = results.count;
  const average = formatAverage(results.average ?? 0);
  const minShown = FEEDBACK_MIN_RATINGS_SHOWN;
  return (
    <PageBody>
      <PageHeader
        title={t`Feedback: ${eventTitle}`}
        description={`${formatDate(results.event.startsAt)}${results.event.location ? ` · ${results.event.location}` : ''}`}
        actions={
          <Link
            to={paths.event(results.event.id)}
            className={buttonClasses({ variant: 'outline' })}
          >
            <Trans>View event</Trans>
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent className="flex flex-col gap-4 pt-6">
            <h2 className="text-lg font-semibold">
              <Trans>Ratings</Trans>
            </h2>
            {results.count === 0 ? (
              <p className="text-muted-foreground">
                <Trans>No feedback yet.</Trans>
              </p>
            ) : (
              <>
                <p>
                  <span className="text-4xl font-bold tabular-nums">{average}</span>
                  <span className="text-muted-foreground">
                    {' '}
                    <Plural
                      value={count}
                      one="out of 5 from # rating"
                      other="out of 5 from # ratings"
                    />
                  </span>
                </p>
                {results.count < FEEDBACK_MIN_RATINGS_SHOWN ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>The event page shows the average from {minShown} ratings.</Trans>
                  </p>
                ) : null}
                <RatingChart distribution={results.distribution} title={t`Ratings by stars`} />
              </>
            )}
          </CardContent>
        </Card>
        <QuestionsEditor results={results} />
      </div>
      <QuestionResults results={results} />
      <Comments results={results} />
    </PageBody>
  );
}

function AnswerCount({ answered }: { answered: number }) {
  return <Plural value={answered} one="# answer" other="# answers" />;
}

function QuestionResults({ results }: { results: FeedbackResults }) {
  const answered = results.questions.filter((q) => q.answered > 0);
  if (!answered.length) return null;
  return (
    <section aria-labelledby="answers-heading" className="mt-8 flex flex-col gap-4">
      <h2 id="answers-heading" className="text-xl font-bold">
        <Trans>Answers to your questions</Trans>
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {answered.map((question) => (
          <Card key={question.id}>
            <CardContent className="flex flex-col gap-2 pt-6">
              {/* Questions, answers and comments take their own direction, whatever the page’s. */}
              <h3 dir="auto" className="font-semibold">
                {question.label}
              </h3>
              <p className="text-sm text-muted-foreground">
                <AnswerCount answered={question.answered} />
              </p>
              {question.kind === 'text' ? (
                <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">
                  {question.texts.map((text, i) => (
                    <li key={i} dir="auto">
                      {text}
                    </li>
                  ))}
                </ul>
              ) : (
                <table className="w-full text-start text-sm">
                  <caption className="sr-only">{question.label}</caption>
                  <tbody>
                    {(question.kind === 'scale' ? ['1', '2', '3', '4', '5'] : question.options).map(
                      (option, i) => (
                        <tr key={option} className="border-t border-border">
                          <th scope="row" className="px-2 py-1 font-normal">
                            {option}
                          </th>
                          <td className="px-2 py-1 text-end tabular-nums">
                            {question.counts[i] ?? 0}
                          </td>
                        </tr>
                      ),
                    )}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

interface DraftQuestion {
  key: string;
  id?: string;
  kind: FeedbackQuestionKind;
  label: string;
  options: string;
}

/** The organizer's optional questions: short text, single choice, or a 1–5 scale. */
function QuestionsEditor({ results }: { results: FeedbackResults }) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<DraftQuestion[]>(() =>
    results.questions.map((q) => ({
      key: q.id,
      id: q.id,
      kind: q.kind,
      label: q.label,
      options: q.options.join(', '),
    })),
  );
  const save = useMutation({
    mutationFn: () =>
      saveQuestions(results.event.id, {
        questions: drafts.map((d) => ({
          id: d.id,
          kind: d.kind,
          label: d.label,
          options:
            d.kind === 'choice'
              ? d.options
                  .split(',')
                  .map((o) => o.trim())
                  .filter(Boolean)
              : [],
        })),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: resultsKey(results.event.id) }),
  });
  const errors = save.isError ? fieldErrors(save.error) : {};
  const update = (key: string, patch: Partial<DraftQuestion>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby="questions-heading"
          className="flex flex-col gap-4"
        >
          <div>
            <h2 id="questions-heading" className="text-lg font-semibold">
              <Trans>Your questions</Trans>
            </h2>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Optional questions attendees see under the stars. Every answer is optional.
              </Trans>
            </p>
          </div>
          {drafts.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No questions: attendees give stars and a comment.</Trans>
            </p>
          ) : null}
          <ol className="flex flex-col gap-4">
            {drafts.map((draft, i) => {
              const number = i + 1;
              return (
                <li
                  key={draft.key}
                  className="flex flex-col gap-3 rounded-md border border-border p-3"
                >
                  <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
                    <Field
                      id={`q-label-${draft.key}`}
                      label={t`Question ${number}`}
                      error={errors[`questions.${i}.label`]}
                    >
                      <Input
                        id={`q-label-${draft.key}`}
                        dir="auto"
                        value={draft.label}
                        maxLength={200}
                        onChange={(e) => update(draft.key, { label: e.target.value })}
                      />
                    </Field>
                    <Field id={`q-kind-${draft.key}`} label={t`Type`}>
                      <Select
                        id={`q-kind-${draft.key}`}
                        value={draft.kind}
                        onChange={(e) =>
                          update(draft.key, { kind: e.target.value as FeedbackQuestionKind })
                        }
                      >
                        {FEEDBACK_QUESTION_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {i18n._(KIND_LABELS[kind])}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  </div>
                  {draft.kind === 'choice' ? (
                    <Field
                      id={`q-options-${draft.key}`}
                      label={t`Options, separated by commas`}
                      error={errors[`questions.${i}.options`]}
                    >
                      <Input
                        id={`q-options-${draft.key}`}
                        dir="auto"
                        value={draft.options}
                        onChange={(e) => update(draft.key, { options: e.target.value })}
                      />
                    </Field>
                  ) : null}
                  <div>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setDrafts((all) => all.filter((d) => d.key !== draft.key))}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <Trans>
                        Remove<span className="sr-only"> question {number}</span>
                      </Trans>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
          {save.isError && !Object.keys(errors).length ? (
            <Alert variant="destructive">{errorMessage(save.error, t`Questions not saved.`)}</Alert>
          ) : null}
          {save.isSuccess ? (
            <Alert variant="success">
              <Trans>Questions saved.</Trans>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              variant="outline"
              disabled={drafts.length >= FEEDBACK_QUESTIONS_MAX}
              onClick={() =>
                setDrafts((all) => [
                  ...all,
                  { key: crypto.randomUUID(), kind: 'scale', label: '', options: '' },
                ])
              }
            >
              <Plus aria-hidden="true" className="size-4" />
              <Trans>Add a question</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              <Trans>Save questions</Trans>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function Comments({ results }: { results: FeedbackResults }) {
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
  const refresh = () => client.invalidateQueries({ queryKey: resultsKey(eventId) });
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

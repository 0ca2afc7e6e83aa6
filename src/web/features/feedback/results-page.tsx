import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { FEEDBACK_MIN_RATINGS_SHOWN, type FeedbackResults } from '../../../contracts/feedback';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed, isMissing } from '../../components/query-states';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { resultsQuery } from './api';
import { RatingChart } from './rating-chart';
import { formatAverage } from './star-rating';
import { formatDate } from '../../lib/dates';
import { Comments } from './feedback-comments';
import { QuestionsEditor } from './questions-editor';

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

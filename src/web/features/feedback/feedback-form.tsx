import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_TEXT_ANSWER_MAX,
  FeedbackInputSchema,
  type FeedbackInput,
  type FeedbackItem,
} from '../../../contracts/feedback';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { feedbackKeys, saveFeedback } from './api';
import { StarRating } from './star-rating';

interface Values {
  rating: number | null;
  comment: string;
  /** Question id → the answer as typed or picked ('' when unanswered). */
  answers: Record<string, string>;
}

/** The form's values as the API takes them: unanswered questions left out, scales as numbers. */
function toInput(values: Values, item: FeedbackItem): FeedbackInput {
  const answers: Record<string, string | number> = {};
  for (const question of item.questions) {
    const answer = values.answers[question.id]?.trim() ?? '';
    if (!answer) continue;
    answers[question.id] = question.kind === 'scale' ? Number(answer) : answer;
  }
  return { rating: values.rating ?? 0, comment: values.comment, answers };
}

/** The contract's schema checks the form on submit, with its own messages. */
const resolverFor =
  (item: FeedbackItem): Resolver<Values> =>
  async (values) => {
    const parsed = FeedbackInputSchema.safeParse(toInput(values, item));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      errors[name] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };

/** Give or edit my feedback on one event: stars, a comment, and the organizer's questions. */
export function FeedbackForm({ item, onSaved }: { item: FeedbackItem; onSaved?: () => void }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const base = `feedback-${item.event.id}`;
  const eventTitle = item.event.title;
  const form = useForm<Values>({
    resolver: resolverFor(item),
    defaultValues: {
      rating: item.mine?.rating ?? null,
      comment: item.mine?.comment ?? '',
      answers: Object.fromEntries(
        item.questions.map((q) => [q.id, String(item.mine?.answers[q.id] ?? '')]),
      ),
    },
  });
  const save = useMutation({
    mutationFn: (values: Values) => saveFeedback(item.event.id, toInput(values, item)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: feedbackKeys.all });
      onSaved?.();
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      for (const [name, message] of Object.entries(fields))
        form.setError(name as 'rating', { type: 'server', message });
    },
  });
  const errors = form.formState.errors;
  const answerError = (id: string) => errors.answers?.[id]?.message;

  return (
    <form
      noValidate
      aria-label={t`Feedback on ${eventTitle}`}
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRating
            name={`${base}-rating`}
            legend={t`Your overall rating`}
            value={field.value}
            onChange={field.onChange}
            error={errors.rating?.message}
          />
        )}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${base}-comment`} className="text-sm font-medium">
          <Trans>
            Comment <span className="font-normal text-muted-foreground">(optional, public)</span>
          </Trans>
        </label>
        <textarea
          dir="auto"
          id={`${base}-comment`}
          rows={3}
          maxLength={FEEDBACK_COMMENT_MAX}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy(`${base}-comment`, { error: errors.comment?.message })}
          className="rounded-md border border-border bg-background px-3 py-2 text-sm"
          {...form.register('comment')}
        />
        {errors.comment ? (
          <p id={`${base}-comment-error`} className="text-sm font-medium text-destructive">
            {errors.comment.message}
          </p>
        ) : null}
      </div>
      {item.questions.map((question) => {
        const id = `${base}-q-${question.id}`;
        const error = answerError(question.id);
        const errorLine = error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null;
        if (question.kind === 'text')
          return (
            <div key={question.id} className="flex flex-col gap-1.5">
              <label htmlFor={id} className="text-sm font-medium">
                {question.label}{' '}
                <span className="font-normal text-muted-foreground">
                  <Trans>(optional)</Trans>
                </span>
              </label>
              <Input
                id={id}
                maxLength={FEEDBACK_TEXT_ANSWER_MAX}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, { error })}
                {...form.register(`answers.${question.id}`)}
              />
              {errorLine}
            </div>
          );
        const options = question.kind === 'scale' ? ['1', '2', '3', '4', '5'] : question.options;
        return (
          <fieldset
            key={question.id}
            className="flex flex-col gap-1.5"
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium">
              {question.label}{' '}
              <span className="font-normal text-muted-foreground">
                {question.kind === 'scale' ? t`(1 = low, 5 = high; optional)` : t`(optional)`}
              </span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {options.map((option, i) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                >
                  <input
                    type="radio"
                    value={option}
                    id={`${id}-${i}`}
                    {...form.register(`answers.${question.id}`)}
                  />
                  {option}
                </label>
              ))}
            </div>
            {errorLine}
          </fieldset>
        );
      })}
      {save.isError && !Object.keys(fieldErrors(save.error)).length ? (
        <Alert variant="destructive">
          {errorMessage(save.error, t`Your feedback was not saved.`)}
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-success">
          <Trans>Thank you! Your feedback is saved.</Trans>
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {item.mine ? t`Update feedback` : t`Send feedback`}
        </Button>
      </div>
    </form>
  );
}

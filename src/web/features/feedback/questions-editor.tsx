import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  FEEDBACK_QUESTION_KINDS,
  FEEDBACK_QUESTIONS_MAX,
  type FeedbackQuestionKind,
  type FeedbackResults,
} from '../../../contracts/feedback';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { feedbackKeys, saveQuestions } from './api';

/** The question kinds' names (the contract's FEEDBACK_QUESTION_KIND_LABELS) in the page's language. */
export const KIND_LABELS: Record<FeedbackQuestionKind, MessageDescriptor> = {
  text: msg`Short text`,
  choice: msg`Single choice`,
  scale: msg`Scale 1–5`,
};

interface DraftQuestion {
  key: string;
  id?: string;
  kind: FeedbackQuestionKind;
  label: string;
  options: string;
}

/** The organizer's optional questions: short text, single choice, or a 1–5 scale. */
export function QuestionsEditor({ results }: { results: FeedbackResults }) {
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
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: feedbackKeys.results(results.event.id) }),
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

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { Question } from '../../../contracts/questions';
import { PageBody } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { EventManageFrame, managedTypesQuery } from '../ticket-admin';
import {
  eventQuestionsQuery,
  useCreateQuestion,
  useDeleteQuestion,
  useMoveQuestion,
  useSaveQuestionSettings,
  useUpdateQuestion,
} from './api';
import { QuestionEditor, TYPE_LABELS } from './question-editor';

/** event/{eventId}/questions: the event's checkout questions (owner or admin). */
export function QuestionsPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={t`Checkout questions`} permission="event.edit">
        {() => <QuestionsBuilder eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}

/** `2026-12-03T18:00` in the browser's zone, as a datetime-local field reads and writes it. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

function QuestionsBuilder({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const list = useQuery(eventQuestionsQuery(eventId));
  const types = useQuery(managedTypesQuery(eventId));
  const create = useCreateQuestion(eventId);
  const update = useUpdateQuestion(eventId);
  const remove = useDeleteQuestion(eventId);
  const move = useMoveQuestion(eventId);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [moveMessage, setMoveMessage] = useState('');

  if (list.isPending) return <PageSpinner />;
  if (list.isError)
    return (
      <LoadFailed
        title={t`The questions could not be loaded`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  const questions = list.data.questions;
  const ticketTypes = (types.data?.ticketTypes ?? []).map((type) => ({
    id: type.id,
    name: type.name,
  }));
  const typeName = new Map(ticketTypes.map((type) => [type.id, type.name]));
  const labelOf = new Map(questions.map((q) => [q.id, q.label]));

  const moveQuestion = (question: Question, direction: 'up' | 'down') => {
    const label = question.label;
    move.mutate(
      { id: question.id, direction },
      {
        onSuccess: (result) => {
          const place = result.questions.findIndex((q) => q.id === question.id) + 1;
          const total = result.questions.length;
          setMoveMessage(t`${label} is now question ${place} of ${total}.`);
          // Keeps the focus on the same button as the row moves.
          requestAnimationFrame(() =>
            document.getElementById(`move-${direction}-${question.id}`)?.focus(),
          );
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted-foreground">
        <Trans>
          Buyers answer these between choosing tickets and paying: once per order (billing name,
          company) or once for each ticket (attendee name, dietary needs).
        </Trans>
      </p>
      <p aria-live="polite" className="sr-only">
        {moveMessage}
      </p>
      {move.isError ? (
        <Alert variant="destructive">
          {errorMessage(move.error, t`The question could not be moved.`)}
        </Alert>
      ) : null}
      {questions.length === 0 && editing !== 'new' ? (
        <EmptyState icon={ListChecks} title={t`No questions yet`}>
          <p className="text-sm text-muted-foreground">
            <Trans>Buyers go straight from their tickets to payment.</Trans>
          </p>
        </EmptyState>
      ) : null}
      <ol className="flex flex-col gap-3">
        {questions.map((question, index) => {
          const label = question.label;
          const condition = question.conditionQuestionId
            ? labelOf.get(question.conditionQuestionId)
            : null;
          const limited = question.ticketTypeIds
            .map((id) => typeName.get(id) ?? '')
            .filter(Boolean);
          const typesText = limited.join(', ');
          return (
            <li key={question.id} className="rounded-lg border p-4">
              {editing === question.id ? (
                <QuestionEditor
                  question={question}
                  earlier={questions.slice(0, index)}
                  ticketTypes={ticketTypes}
                  isPending={update.isPending}
                  onCancel={() => {
                    update.reset();
                    setEditing(null);
                  }}
                  onSave={(input) =>
                    update.mutateAsync({ id: question.id, input }).then(() => setEditing(null))
                  }
                />
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="font-medium break-words">{label}</p>
                    <div className="flex flex-wrap gap-1.5">
                      <Badge variant="outline">{i18n._(TYPE_LABELS[question.type])}</Badge>
                      <Badge variant="outline">
                        {question.scope === 'order' ? t`Once per order` : t`Once per ticket`}
                      </Badge>
                      {question.required ? <Badge>{t`Required`}</Badge> : null}
                      {question.showAtCheckIn ? (
                        <Badge variant="outline">{t`At check-in`}</Badge>
                      ) : null}
                    </div>
                    {condition ? (
                      <p className="text-sm text-muted-foreground">
                        <Trans>Shown when “{condition}” is answered.</Trans>
                      </p>
                    ) : null}
                    {limited.length ? (
                      <p className="text-sm text-muted-foreground">
                        <Trans>Only for: {typesText}</Trans>
                      </p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-1">
                    <Button
                      id={`move-up-${question.id}`}
                      size="icon"
                      variant="ghost"
                      aria-label={t`Move “${label}” up`}
                      disabled={index === 0 || move.isPending}
                      onClick={() => moveQuestion(question, 'up')}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      id={`move-down-${question.id}`}
                      size="icon"
                      variant="ghost"
                      aria-label={t`Move “${label}” down`}
                      disabled={index === questions.length - 1 || move.isPending}
                      onClick={() => moveQuestion(question, 'down')}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t`Edit “${label}”`}
                      onClick={() => setEditing(question.id)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t`Delete “${label}”`}
                      onClick={() => setDeleting(question)}
                    >
                      <Trash2 aria-hidden="true" className="size-4 text-destructive" />
                    </Button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {editing === 'new' ? (
        <QuestionEditor
          earlier={questions}
          ticketTypes={ticketTypes}
          isPending={create.isPending}
          onCancel={() => {
            create.reset();
            setEditing(null);
          }}
          onSave={(input) => create.mutateAsync(input).then(() => setEditing(null))}
        />
      ) : (
        <Button className="self-start" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          <Trans>Add question</Trans>
        </Button>
      )}
      <CutOffForm eventId={eventId} value={list.data.settings.answersEditableUntil} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            remove.reset();
            setDeleting(null);
          }
        }}
        title={t`Delete this question?`}
        description={t`Its answers are deleted with it.`}
        error={
          remove.isError ? errorMessage(remove.error, t`The question could not be deleted.`) : null
        }
        cancelLabel={t`Cancel`}
        confirmLabel={t`Delete`}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      />
    </div>
  );
}

function CutOffForm({ eventId, value }: { eventId: string; value: string | null }) {
  const { t } = useLingui();
  const save = useSaveQuestionSettings(eventId);
  const [text, setText] = useState(localInput(value));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(text ? new Date(text).toISOString() : null);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 className="text-lg font-semibold">
        <Trans>Changing answers</Trans>
      </h2>
      <Field
        id="answers-cut-off"
        label={t`Attendees may change their answers until`}
        hint={t`Leave empty to allow changes until the event starts.`}
      >
        <Input
          id="answers-cut-off"
          type="datetime-local"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="answers-cut-off-hint"
          className="max-w-64"
        />
      </Field>
      {save.isError ? (
        <Alert variant="destructive">
          {errorMessage(save.error, t`The date could not be saved.`)}
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-success">
          <Trans>Saved.</Trans>
        </p>
      ) : null}
      <Button type="submit" variant="outline" className="self-start" disabled={save.isPending}>
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}

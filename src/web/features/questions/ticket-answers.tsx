import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TicketAnswers } from '../../../contracts/questions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { ticketAnswersQuery, useSaveTicketAnswers } from './api';
import { AttendeeAnswers } from './attendee-answers';
import { AnswersForm, ticketSlots } from './answers-form';
import type { AnswerDrafts } from './checkout-draft';

/** The ticket page's answers: read, and changed until the organizer's cut-off. */
export function TicketAnswersCard({ ticketId }: { ticketId: string }) {
  const answers = useQuery(ticketAnswersQuery(ticketId));
  // Nothing asked: nothing to show (and a failed read must not spoil the ticket page).
  if (!answers.data || answers.data.questions.length === 0) return null;
  return <AnswersCard ticketId={ticketId} data={answers.data} />;
}

function AnswersCard({ ticketId, data }: { ticketId: string; data: TicketAnswers }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const save = useSaveTicketAnswers(ticketId);
  const [drafts, setDrafts] = useState<AnswerDrafts>(() => ({
    order: data.order,
    tickets: { [`${data.ticketTypeId}.0`]: data.ticket },
  }));
  const slots = ticketSlots([{ ticketTypeId: data.ticketTypeId, quantity: 1 }], new Map());
  const questions = data.questions.map((q) => ({ ...q, showAtCheckIn: false }));
  const serverErrors = fieldErrors(save.error);
  // The server names `order.<id>` and `ticket.<id>`; the form's fields are the checkout's.
  const errors = Object.fromEntries(
    Object.entries(serverErrors).map(([field, message]) => [
      field.startsWith('order.')
        ? `answers.order.${field.slice(6)}`
        : `answers.tickets.${data.ticketTypeId}.0.${field.slice(7)}`,
      message,
    ]),
  );
  const until = data.editableUntil ? formatDateTime(data.editableUntil) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { order: drafts.order, ticket: drafts.tickets[`${data.ticketTypeId}.0`] ?? {} },
      { onSuccess: () => setEditing(false) },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">
          <Trans>Your answers</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {editing ? (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <AnswersForm
              questions={questions}
              slots={slots.map((s) => ({ ...s, typeName: t`This ticket` }))}
              drafts={drafts}
              errors={errors}
              onChange={setDrafts}
            />
            {save.isError && !Object.keys(serverErrors).length ? (
              <Alert variant="destructive">
                {errorMessage(save.error, t`Your answers could not be saved.`)}
              </Alert>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                <Trans>Save answers</Trans>
              </Button>
              <Button variant="outline" onClick={() => setEditing(false)}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </form>
        ) : (
          <>
            <AttendeeAnswers questions={questions} answers={{ ...data.order, ...data.ticket }} />
            {data.canEdit && until ? (
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <Trans>Change answers</Trans>
                </Button>
                <p className="text-sm text-muted-foreground">
                  <Trans>You can change them until {until}.</Trans>
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>Answers can no longer be changed.</Trans>
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

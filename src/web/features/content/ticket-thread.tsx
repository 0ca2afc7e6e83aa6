import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { SupportStatus, SupportTicket } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import { useReplyToTicket } from './api';
import { formatDateTime } from '../../lib/dates';

/** A support request's messages and the reply box (requester or staff). */
export function TicketThread({
  ticket,
  asStaff = false,
}: {
  ticket: SupportTicket;
  asStaff?: boolean;
}) {
  const reply = useReplyToTicket(ticket.id);
  const { t } = useLingui();
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<SupportStatus>('pending');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate({ body, ...(asStaff ? { status } : {}) }, { onSuccess: () => setBody('') });
  };
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3">
        {ticket.messages.map((m) => (
          <li
            key={m.id}
            className={`rounded-lg border p-4 text-sm ${m.fromStaff ? 'border-primary/40 bg-primary-soft' : 'border-border'}`}
          >
            <p className="mb-1 text-xs font-semibold">
              {m.authorName} · {formatDateTime(m.createdAt)}
            </p>
            <p className="whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={onSubmit} className="flex flex-col gap-3">
        {reply.isError ? (
          <Alert variant="destructive">
            {errorMessage(reply.error, t`The reply could not be sent.`)}
          </Alert>
        ) : null}
        <Field
          id={`reply-${ticket.id}`}
          label={asStaff ? t`Reply to the requester (sent by email)` : t`Your reply`}
        >
          <textarea
            id={`reply-${ticket.id}`}
            rows={4}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        </Field>
        {asStaff ? (
          <Field id={`status-${ticket.id}`} label={t`Then mark as`}>
            <Select
              id={`status-${ticket.id}`}
              value={status}
              onChange={(e) => setStatus(e.target.value as SupportStatus)}
            >
              <option value="pending">{t`Pending (waiting for the requester)`}</option>
              <option value="open">{t`Open`}</option>
              <option value="closed">{t`Closed`}</option>
            </Select>
          </Field>
        ) : null}
        <Button type="submit" disabled={!body.trim() || reply.isPending} className="self-start">
          <Trans>Send reply</Trans>
        </Button>
      </form>
    </div>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SUPPORT_TOPICS, type SupportStatus } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSiteInfo } from '../site';
import { useSession } from '../session';
import { formatDate, myTicketsQuery, sendContact, ticketQuery } from './api';
import { TicketThread } from './ticket-thread';
import { TOPIC_LABELS } from './support-topics';

const STATUS_LABELS: Record<SupportStatus, MessageDescriptor> = {
  open: msg`Open`,
  pending: msg`Pending`,
  closed: msg`Closed`,
};

/** /contact: the contact form (a support request) and, signed in, my requests and replies. */
export function ContactPage() {
  const { user } = useSession();
  const site = useSiteInfo();
  const contactEmail = site?.contactEmail ?? '';
  const contactPhone = site?.contactPhone ?? '';
  const [params] = useSearchParams();
  const ticketId = params.get('ticket');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const mine = useQuery({ ...myTicketsQuery, enabled: Boolean(user) });
  const { t, i18n } = useLingui();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      topic: String(data.get('topic') ?? 'general') as (typeof SUPPORT_TOPICS)[number],
      message: String(data.get('message') ?? ''),
      website: String(data.get('website') ?? '') || undefined,
    };
    setSending(true);
    try {
      const { reference } = await sendContact(input);
      setSent(reference);
      setErrors({});
      setProblem(null);
      void mine.refetch();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setProblem(
        Object.keys(fields).length ? null : errorMessage(error, t`Your message could not be sent.`),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[1fr_20rem]">
      <title>{t`Contact support`}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Contact support</Trans>
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Trans>
            Most answers are already in the{' '}
            <Link to="/help" className="text-primary underline">
              help center
            </Link>
            . Still stuck? Write to us and a person will answer by email, usually within one working
            day.
          </Trans>
        </p>
        {sent ? (
          <Alert variant="success" className="mt-6" title={t`Message sent`}>
            <Trans>
              Your reference is <strong>{sent}</strong>. We've emailed you a confirmation.
            </Trans>
          </Alert>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-4">
            {problem ? <Alert variant="destructive">{problem}</Alert> : null}
            <Field id="contact-name" label={t`Name`} error={errors.name}>
              <Input
                id="contact-name"
                name="name"
                autoComplete="name"
                defaultValue={user?.fullName ?? ''}
                aria-invalid={Boolean(errors.name)}
                aria-describedby={describedBy('contact-name', { error: errors.name })}
              />
            </Field>
            <Field id="contact-email" label={t`Email`} error={errors.email}>
              <Input
                id="contact-email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={user?.email ?? ''}
                aria-invalid={Boolean(errors.email)}
                aria-describedby={describedBy('contact-email', { error: errors.email })}
              />
            </Field>
            <Field id="contact-topic" label={t`Topic`} error={errors.topic}>
              <Select id="contact-topic" name="topic" defaultValue="general">
                {SUPPORT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {i18n._(TOPIC_LABELS[topic])}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="contact-message" label={t`Message`} error={errors.message}>
              <textarea
                id="contact-message"
                name="message"
                rows={6}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm"
                aria-invalid={Boolean(errors.message)}
                aria-describedby={describedBy('contact-message', { error: errors.message })}
              />
            </Field>
            {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
            <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input
                id="contact-website"
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
            <Button type="submit" disabled={sending} className="self-start">
              {sending ? t`Sending…` : t`Send message`}
            </Button>
          </form>
        )}
        {ticketId && user ? <OpenTicket id={ticketId} /> : null}
      </div>
      <aside className="flex flex-col gap-6">
        <div className="rounded-lg border border-border p-5 text-sm">
          <h2 className="mb-2 font-semibold">
            <Trans>Other ways to reach us</Trans>
          </h2>
          {site ? (
            <ul className="space-y-1">
              <li>
                <Trans>
                  Email:{' '}
                  <a href={`mailto:${contactEmail}`} className="text-primary underline">
                    {contactEmail}
                  </a>
                </Trans>
              </li>
              <li>
                <Trans>Phone: {contactPhone}</Trans>
              </li>
            </ul>
          ) : null}
        </div>
        {user ? (
          <section
            aria-labelledby="my-requests"
            className="rounded-lg border border-border p-5 text-sm"
          >
            <h2 id="my-requests" className="mb-3 font-semibold">
              <Trans>My support requests</Trans>
            </h2>
            {mine.isPending ? (
              <Spinner />
            ) : mine.data?.items.length ? (
              <ul className="space-y-2">
                {mine.data.items.map((ticket) => (
                  <li key={ticket.id}>
                    <Link to={`/contact?ticket=${ticket.id}`} className="text-primary underline">
                      {ticket.reference}: {ticket.subject}
                    </Link>{' '}
                    <Badge variant={ticket.status === 'closed' ? 'outline' : 'default'}>
                      {i18n._(STATUS_LABELS[ticket.status])}
                    </Badge>
                    <span className="block text-xs text-muted-foreground">
                      {formatDate(ticket.updatedAt)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">
                <Trans>You have no support requests.</Trans>
              </p>
            )}
          </section>
        ) : null}
      </aside>
    </div>
  );
}

function OpenTicket({ id }: { id: string }) {
  const { data, isPending, isError } = useQuery(ticketQuery(id));
  if (isPending) return <Spinner />;
  if (isError)
    return (
      <Alert variant="destructive" className="mt-8">
        <Trans>This request could not be found.</Trans>
      </Alert>
    );
  return (
    <section aria-labelledby="ticket-heading" className="mt-10">
      <h2 id="ticket-heading" className="mb-4 text-xl font-semibold">
        {data.reference}: {data.subject}
      </h2>
      <TicketThread ticket={data} />
    </section>
  );
}

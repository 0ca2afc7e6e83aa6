import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SupportStatus } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useSiteInfo } from '../site';
import { useSession } from '../session';
import { formatDate, myTicketsQuery, ticketQuery } from './api';
import { ContactForm } from './contact-form';
import { TicketThread } from './ticket-thread';

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
  const [sent, setSent] = useState<string | null>(null);
  const mine = useQuery({ ...myTicketsQuery, enabled: Boolean(user) });
  const { t, i18n } = useLingui();

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
          <ContactForm
            name={user?.fullName ?? ''}
            email={user?.email ?? ''}
            onSent={(reference) => {
              setSent(reference);
              void mine.refetch();
            }}
          />
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

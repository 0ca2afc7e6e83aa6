import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Preferences } from '../../../contracts/marketing';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { apiGet, apiPost, errorMessage } from '../../lib/api-client';

const STATUS_LABEL: Record<Preferences['lists'][number]['status'], MessageDescriptor> = {
  subscribed: msg`Subscribed`,
  unconfirmed: msg`Not confirmed yet`,
  unsubscribed: msg`Unsubscribed`,
  bounced: msg`Paused: your mail server refused our last email`,
  complained: msg`Paused: this email was marked as spam`,
};

const path = (token: string) => `/api/marketing/preferences?token=${encodeURIComponent(token)}`;

/**
 * /email-preferences?token=: the manage-preferences page linked from every campaign mail. The
 * signed link is the key (one address, one sender), so it works signed out; each list can be
 * left or joined again on its own.
 */
export function EmailPreferencesPage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const key = ['marketing', 'preferences', token];
  const prefs = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<Preferences>(path(token), { signal }),
    enabled: token !== '',
    retry: false,
  });
  const change = useMutation({
    mutationFn: (input: { listId: string; subscribed: boolean }) =>
      apiPost<Preferences>(path(token), input),
    onSuccess: (data) => client.setQueryData(key, data),
  });

  return (
    <section
      aria-labelledby="prefs-title"
      className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10"
    >
      <div className="flex flex-col gap-1">
        <h1 id="prefs-title" className="text-3xl font-bold tracking-tight">
          <Trans>Email preferences</Trans>
        </h1>
        {prefs.data ? <MailFrom sender={prefs.data.sender} email={prefs.data.email} /> : null}
      </div>
      {!token || prefs.isError ? (
        <Alert variant="destructive">
          {token
            ? errorMessage(prefs.error, t`This link is not valid`)
            : t`Open this page from the link in one of our emails.`}
        </Alert>
      ) : null}
      {prefs.isPending && token ? <Spinner label={t`Loading your preferences`} /> : null}
      {change.isError ? (
        <Alert variant="destructive">{errorMessage(change.error, t`Could not save that`)}</Alert>
      ) : null}
      {prefs.data?.lists.length === 0 ? (
        <p>
          <Trans>You are not on any of this sender's lists.</Trans>
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {prefs.data?.lists.map((list) => {
          const on = list.status === 'subscribed';
          const listName = list.name;
          return (
            <li key={list.id}>
              <Card>
                <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex flex-col gap-1">
                    <h2 className="text-lg font-semibold">{list.name}</h2>
                    {list.description ? (
                      <p className="text-sm text-muted-foreground">{list.description}</p>
                    ) : null}
                    <div>
                      <Badge variant={on ? 'success' : 'outline'}>
                        {i18n._(STATUS_LABEL[list.status])}
                      </Badge>
                    </div>
                  </div>
                  <Button
                    variant={on ? 'outline' : 'primary'}
                    disabled={change.isPending}
                    aria-label={on ? t`Unsubscribe from ${listName}` : t`Subscribe to ${listName}`}
                    onClick={() => change.mutate({ listId: list.id, subscribed: !on })}
                  >
                    {on ? <Trans>Unsubscribe</Trans> : <Trans>Subscribe</Trans>}
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function MailFrom({ sender, email }: { sender: string; email: string }) {
  return (
    <p className="text-muted-foreground">
      <Trans>
        Mail from {sender} to <strong>{email}</strong>. Changes apply at once.
      </Trans>
    </p>
  );
}

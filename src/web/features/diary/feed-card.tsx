import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { createFeed, feedKey, feedQuery, revokeFeed } from './api';
import { formatDate } from '../../lib/dates';

/**
 * The private calendar feed: a secret URL a calendar app subscribes to. The server keeps only
 * its hash, so the URL is shown once, right after it is made; a new one replaces it.
 */
export function FeedCard() {
  const client = useQueryClient();
  const query = useQuery(feedQuery);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const { t } = useLingui();
  const refresh = () => client.invalidateQueries({ queryKey: feedKey });
  const create = useMutation({
    mutationFn: createFeed,
    onSuccess: (feed) => {
      setUrl(feed.url ?? null);
      setCopied(false);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeFeed,
    onSuccess: () => {
      setUrl(null);
      void refresh();
    },
  });
  const active = query.data?.active ?? false;
  const createdAt = query.data?.createdAt;
  const madeOn = createdAt ? formatDate(createdAt) : '';
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CalendarPlus aria-hidden="true" className="size-5" />
          <Trans>Subscribe in your calendar app</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            A private link that keeps your calendar app in step with your diary&apos;s events
            (titles, times and places; never your notes). Anyone with the link can see those events,
            so keep it to yourself; you can turn it off at any time.
          </Trans>
        </p>
        {url ? (
          <div className="flex flex-col gap-2">
            <label htmlFor="diary-feed-url" className="text-sm font-medium">
              <Trans>Your private calendar link (shown once)</Trans>
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id="diary-feed-url" readOnly value={url} onFocus={(e) => e.target.select()} />
              <Button
                variant="outline"
                onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
              >
                <Trans>Copy link</Trans>
              </Button>
            </div>
            {copied ? (
              <p role="status" className="text-sm text-success">
                <Trans>Copied</Trans>
              </p>
            ) : null}
          </div>
        ) : active ? (
          <p className="text-sm">
            <Trans>A calendar link is on (made {madeOn}).</Trans>
          </p>
        ) : null}
        {create.isError || revoke.isError ? (
          <Alert variant="destructive">
            {errorMessage(create.error ?? revoke.error, t`That did not work. Please try again.`)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => create.mutate()} disabled={create.isPending}>
            {active ? t`Make a new link` : t`Create calendar link`}
          </Button>
          {active ? (
            <Button variant="outline" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              <Trans>Turn off calendar link</Trans>
            </Button>
          ) : null}
        </div>
        {active && !url ? (
          <p className="text-xs text-muted-foreground">
            <Trans>A new link stops the old one from working.</Trans>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

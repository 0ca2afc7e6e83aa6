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
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CalendarPlus aria-hidden="true" className="size-5" />
          Subscribe in your calendar app
        </h2>
        <p className="text-sm text-muted-foreground">
          A private link that keeps your calendar app in step with your diary&apos;s events (titles,
          times and places; never your notes). Anyone with the link can see those events, so keep it
          to yourself; you can turn it off at any time.
        </p>
        {url ? (
          <div className="flex flex-col gap-2">
            <label htmlFor="diary-feed-url" className="text-sm font-medium">
              Your private calendar link (shown once)
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id="diary-feed-url" readOnly value={url} onFocus={(e) => e.target.select()} />
              <Button
                variant="outline"
                onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
              >
                Copy link
              </Button>
            </div>
            {copied ? (
              <p role="status" className="text-sm text-success">
                Copied
              </p>
            ) : null}
          </div>
        ) : active ? (
          <p className="text-sm">
            A calendar link is on (made {formatDate(query.data?.createdAt ?? '')}
            ).
          </p>
        ) : null}
        {create.isError || revoke.isError ? (
          <Alert variant="destructive">
            {errorMessage(create.error ?? revoke.error, 'That did not work. Please try again.')}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => create.mutate()} disabled={create.isPending}>
            {active ? 'Make a new link' : 'Create calendar link'}
          </Button>
          {active ? (
            <Button variant="outline" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              Turn off calendar link
            </Button>
          ) : null}
        </div>
        {active && !url ? (
          <p className="text-xs text-muted-foreground">
            A new link stops the old one from working.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

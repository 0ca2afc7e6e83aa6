import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/query-states';
import { QrImage } from '../../components/qr-image';
import { PageBody, PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { dashboardQuery } from './api';
import { AffiliateNav, CopyButton, SignedInOnly } from './parts';

/** A link with UTM-style parameters (kept by the event page's analytics, ignored by ours). */
export function withUtm(url: string, source: string, medium: string, campaign: string): string {
  const target = new URL(url);
  if (source) target.searchParams.set('utm_source', source);
  if (medium) target.searchParams.set('utm_medium', medium);
  if (campaign) target.searchParams.set('utm_campaign', campaign);
  return target.toString();
}

function Integration() {
  const query = useQuery(dashboardQuery);
  const id = useId();
  const [selected, setSelected] = useState(0);
  const [source, setSource] = useState('instagram');
  const [medium, setMedium] = useState('social');
  const [campaign, setCampaign] = useState('');
  if (query.isPending) return <Spinner label="Loading your links" />;
  if (query.isError)
    return (
      <LoadFailed
        title="Your links could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  if (!data.joined || !data.code)
    return (
      <Link to="/affiliate" className={buttonClasses()}>
        Join the affiliate program
      </Link>
    );
  const siteLink = `${window.location.origin}/r/${encodeURIComponent(data.code)}`;
  const links = data.links.length
    ? data.links
    : [{ eventId: null, eventTitle: null, url: siteLink }];
  const link = links[Math.min(selected, links.length - 1)] ?? {
    eventId: null,
    eventTitle: null,
    url: siteLink,
  };
  const tagged = withUtm(link.url, source, medium, campaign);
  const label = link.eventTitle ?? 'the whole site';
  const snippet = `<a href="${tagged}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#4f46e5;color:#fff;font:600 16px system-ui,sans-serif;text-decoration:none">Get tickets${link.eventTitle ? ` for ${link.eventTitle.replace(/[<>"&]/g, '')}` : ''}</a>`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Tagged link</CardTitle>
          <CardDescription>Add campaign parameters to see which channel works.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Field id={`${id}-link`} label="Link">
            <Select
              id={`${id}-link`}
              value={selected}
              onChange={(e) => setSelected(Number(e.target.value))}
            >
              {links.map((l, i) => (
                <option key={l.eventId ?? 'site'} value={i}>
                  {l.eventTitle ?? 'Whole site'}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-source`} label="Source (utm_source)">
            <Input id={`${id}-source`} value={source} onChange={(e) => setSource(e.target.value)} />
          </Field>
          <Field id={`${id}-medium`} label="Medium (utm_medium)">
            <Input id={`${id}-medium`} value={medium} onChange={(e) => setMedium(e.target.value)} />
          </Field>
          <Field id={`${id}-campaign`} label="Campaign (utm_campaign)">
            <Input
              id={`${id}-campaign`}
              value={campaign}
              onChange={(e) => setCampaign(e.target.value)}
            />
          </Field>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">
              {tagged}
            </code>
            <CopyButton text={tagged} label="tagged link" />
          </div>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>QR code</CardTitle>
            <CardDescription>For posters and flyers: it opens the tagged link.</CardDescription>
          </CardHeader>
          <CardContent>
            <QrImage text={tagged} label={label} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Is it working?</CardTitle>
            <CardDescription>
              Once the link or button is on your site, click it yourself and see the click arrive.
              Test clicks never count in your figures.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/affiliate-test" className={buttonClasses({ variant: 'outline' })}>
              Check your link
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Ticket button for your site</CardTitle>
            <CardDescription>Paste this HTML where the button should appear.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <textarea
              readOnly
              aria-label="Embeddable button HTML"
              value={snippet}
              rows={5}
              className="w-full rounded-md border border-input bg-background p-2 font-mono text-xs"
            />
            <CopyButton text={snippet} label="button HTML" />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** spec §2 /affiliate-integration: tagged links, QR codes and an embeddable ticket button. */
export function AffiliateIntegrationPage() {
  return (
    <PageBody>
      <PageHeader
        title="Affiliate integration"
        description="Links, QR codes and a button for your own site."
      />
      <AffiliateNav />
      <SignedInOnly here="/affiliate-integration">
        <Integration />
      </SignedInOnly>
    </PageBody>
  );
}

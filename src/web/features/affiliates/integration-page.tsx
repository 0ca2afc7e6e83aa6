import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your links`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Your links could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  if (!data.joined || !data.code)
    return (
      <Link to="/affiliate" className={buttonClasses()}>
        <Trans>Join the affiliate program</Trans>
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
  const label = link.eventTitle ?? t`The whole site`;
  // The button's text is in the affiliate's language: they paste it into their own page.
  const eventName = link.eventTitle?.replace(/[<>"&]/g, '') ?? null;
  const buttonText = eventName ? t`Get tickets for ${eventName}` : t`Get tickets`;
  const snippet = `<a href="${tagged}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#4f46e5;color:#fff;font:600 16px system-ui,sans-serif;text-decoration:none">${buttonText.replace(/[<>"&]/g, '')}</a>`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Tagged link</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Add campaign parameters to see which channel works.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Field id={`${id}-link`} label={t`Link`}>
            <Select
              id={`${id}-link`}
              value={selected}
              onChange={(e) => setSelected(Number(e.target.value))}
            >
              {links.map((l, i) => (
                <option key={l.eventId ?? 'site'} value={i}>
                  {l.eventTitle ?? t`Whole site`}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-source`} label={t`Source (utm_source)`}>
            <Input id={`${id}-source`} value={source} onChange={(e) => setSource(e.target.value)} />
          </Field>
          <Field id={`${id}-medium`} label={t`Medium (utm_medium)`}>
            <Input id={`${id}-medium`} value={medium} onChange={(e) => setMedium(e.target.value)} />
          </Field>
          <Field id={`${id}-campaign`} label={t`Campaign (utm_campaign)`}>
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
            <CopyButton
              text={tagged}
              label={t`Copy the tagged link`}
              copiedLabel={t`Tagged link copied`}
            />
          </div>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>QR code</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>For posters and flyers: it opens the tagged link.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <QrImage text={tagged} label={label} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Is it working?</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>
                Once the link or button is on your site, click it yourself and see the click arrive.
                Test clicks never count in your figures.
              </Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/affiliate-test" className={buttonClasses({ variant: 'outline' })}>
              <Trans>Check your link</Trans>
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Ticket button for your site</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Paste this HTML where the button should appear.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <textarea
              readOnly
              aria-label={t`Embeddable button HTML`}
              value={snippet}
              rows={5}
              className="w-full rounded-md border border-input bg-background p-2 font-mono text-xs"
            />
            <CopyButton
              text={snippet}
              label={t`Copy the button HTML`}
              copiedLabel={t`Button HTML copied`}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** spec §2 /affiliate-integration: tagged links, QR codes and an embeddable ticket button. */
export function AffiliateIntegrationPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`Affiliate integration`}
        description={t`Links, QR codes and a button for your own site.`}
      />
      <AffiliateNav />
      <SignedInOnly here="/affiliate-integration">
        <Integration />
      </SignedInOnly>
    </PageBody>
  );
}

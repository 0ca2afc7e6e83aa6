import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatCalendarDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSession } from '../session';

export const usd = (cents: number) => formatMoney(cents, 'USD');

const SECTIONS: { to: string; label: MessageDescriptor }[] = [
  { to: '/referrals', label: msg`Links` },
  { to: '/affiliate-profile', label: msg`Earnings` },
  { to: '/affiliate-integration', label: msg`Integration` },
  { to: '/w9-tax-form', label: msg`W-9` },
];
// The link check is a tool for setting a link up, not a place affiliates go every day: it is
// offered from the integration page, and in this menu only to admins, who check others' set-ups.
const TEST_SECTION = { to: '/affiliate-test', label: msg`Link check` };

// The payout methods the API stores (contracts/affiliates.ts), as a person reads them.
const PAYOUT_METHODS: Record<string, MessageDescriptor> = {
  paypal: msg`PayPal`,
  bank_transfer: msg`Bank transfer`,
  check: msg`Check`,
};

/** A stored payout method's name in the page's language (an unknown value as it is). */
export function usePayoutMethodLabel() {
  const { i18n } = useLingui();
  return (method: string) => {
    const label = PAYOUT_METHODS[method];
    return label ? i18n._(label) : method;
  };
}

/** The affiliate pages' own navigation. */
export function AffiliateNav() {
  const { user } = useSession();
  const { t, i18n } = useLingui();
  const sections = user?.roles.includes('admin')
    ? [...SECTIONS.slice(0, 3), TEST_SECTION, ...SECTIONS.slice(3)]
    : SECTIONS;
  return (
    <nav aria-label={t`Affiliate`} className="mb-6 flex flex-wrap gap-2">
      {sections.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          className={({ isActive }) =>
            cn(buttonClasses({ variant: isActive ? 'primary' : 'outline', size: 'sm' }))
          }
        >
          {i18n._(section.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Public affiliate pages ask a signed-out visitor to sign in before showing personal figures. */
export function SignedInOnly({ here, children }: { here: string; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const { t } = useLingui();
  if (isLoading) return <Spinner label={t`Loading`} />;
  if (!user)
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-3 pt-6">
          <p>
            <Trans>Sign in to see your affiliate links and earnings.</Trans>
          </p>
          <Link to={paths.auth(here)} className={buttonClasses()}>
            <Trans>Sign in</Trans>
          </Link>
        </CardContent>
      </Card>
    );
  return <>{children}</>;
}

/** `label` names what is copied, as a whole phrase ("Copy the referral code"). */
export function CopyButton({
  text,
  label,
  copiedLabel,
}: {
  text: string;
  label: string;
  copiedLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={copied ? copiedLabel : label}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          })
          .catch(() => setCopied(false));
      }}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
    </Button>
  );
}

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 pt-6">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold">{value}</span>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
      </CardContent>
    </Card>
  );
}

/** Clicks and conversions per day as paired bars (plain SVG: no chart library on this page). */
export function DailyChart({
  daily,
}: {
  daily: { day: string; clicks: number; conversions: number }[];
}) {
  const max = Math.max(1, ...daily.map((d) => d.clicks));
  const width = 600;
  const height = 140;
  const step = width / Math.max(daily.length, 1);
  const total = daily.reduce((sum, d) => sum + d.clicks, 0);
  const converted = daily.reduce((sum, d) => sum + d.conversions, 0);
  const { t } = useLingui();
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${width} ${height + 4}`}
        role="img"
        aria-label={t`Clicks and conversions per day. Clicks: ${total}. Conversions: ${converted}.`}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        {daily.map((d, i) => {
          const h = (d.clicks / max) * height;
          const c = (d.conversions / max) * height;
          const date = formatCalendarDate(d.day);
          const clicks = d.clicks;
          const conversions = d.conversions;
          return (
            <g key={d.day}>
              <title>{t`${date}: clicks: ${clicks}, conversions: ${conversions}`}</title>
              <rect
                x={i * step + 1}
                y={height - h}
                width={step * 0.55}
                height={h}
                className="fill-primary/60"
              />
              <rect
                x={i * step + step * 0.55}
                y={height - c}
                width={step * 0.35}
                height={c}
                className="fill-emerald-600"
              />
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary/60" />{' '}
          <Trans>Clicks</Trans>
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-emerald-600" />{' '}
          <Trans>Conversions</Trans>
        </span>
      </figcaption>
    </figure>
  );
}

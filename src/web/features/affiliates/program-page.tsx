import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeDollarSign, Link2, MousePointerClick, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import {
  AFFILIATE_MIN_PAYOUT_CENTS,
  AFFILIATE_REFUND_WINDOW_DAYS,
  AFFILIATE_WINDOW_DAYS,
  DEFAULT_COMMISSION,
} from '../../../contracts/affiliates';
import { PageBody, PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { usd } from './parts';

const windowDays = AFFILIATE_WINDOW_DAYS;
const refundDays = AFFILIATE_REFUND_WINDOW_DAYS;

const STEPS = [
  {
    id: 'link',
    icon: Link2,
    title: msg`Get your link`,
    text: msg`Join in one step and get a personal link for every event that pays referrals.`,
  },
  {
    id: 'share',
    icon: MousePointerClick,
    title: msg`Share it`,
    text: msg`Anyone who opens it is yours for ${plural(windowDays, { one: '# day', other: '# days' })}: the last link they clicked counts.`,
  },
  {
    id: 'buy',
    icon: Ticket,
    title: msg`They buy tickets`,
    text: msg`Each paid order through your link earns the commission the organizer set.`,
  },
  {
    id: 'paid',
    icon: BadgeDollarSign,
    title: msg`Get paid`,
    text: msg`Commissions are due ${plural(refundDays, { one: '# day', other: '# days' })} after the sale, once refunds are no longer possible.`,
  },
];

/** spec §2 /affiliate-program: how it works, rates, and the join button. */
export function AffiliateProgramPage() {
  const { t, i18n } = useLingui();
  const defaultPercent = DEFAULT_COMMISSION.value / 100;
  const minPayout = usd(AFFILIATE_MIN_PAYOUT_CENTS);
  return (
    <PageBody>
      <PageHeader
        title={t`Affiliate Program`}
        description={t`Earn a commission on every ticket sold through your links.`}
        actions={
          <Link to="/affiliate" className={buttonClasses({ size: 'lg' })}>
            <Trans>Join the program</Trans>
          </Link>
        }
      />
      <section aria-labelledby="how-title" className="mb-10">
        <h2 id="how-title" className="mb-4 text-2xl font-bold">
          <Trans>How it works</Trans>
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.id}>
              <Card className="h-full">
                <CardHeader>
                  <step.icon aria-hidden="true" className="size-8 text-primary" />
                  <CardTitle>
                    {i + 1}. {i18n._(step.title)}
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">
                  {i18n._(step.text)}
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="rates-title">
        <h2 id="rates-title" className="mb-4 text-2xl font-bold">
          <Trans>Rates and payouts</Trans>
        </h2>
        <ul className="flex list-disc flex-col gap-2 ps-6">
          <li>
            <Trans>
              Organizers choose each event's commission: a percentage of the ticket revenue or a
              fixed amount per ticket. Events that did not choose pay {defaultPercent} %.
            </Trans>
          </li>
          <li>
            <Trans>Refunded orders take their commission back, in proportion to the refund.</Trans>
          </li>
          <li>
            <Trans>Your own purchases and clicks never earn a commission.</Trans>
          </li>
          <li>
            <Trans>
              Payouts start at {minPayout}; US affiliates file a W-9 before reaching the reporting
              threshold.
            </Trans>
          </li>
        </ul>
      </section>
    </PageBody>
  );
}

/** spec §2 /promo: the promo referral page (what a referred visitor gets, and where to go). */
export function PromoPage() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight">
        <Trans>You were invited to MEA Events</Trans>
      </h1>
      <p className="text-lg text-muted-foreground">
        <Trans>
          Find concerts, festivals, conferences and meetups near you, buy tickets in a minute and
          keep them on your phone. A friend sent you here: sign up with their code already filled
          in.
        </Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/events" className={buttonClasses({ size: 'lg' })}>
          <Trans>Browse events</Trans>
        </Link>
        <Link to="/auth?tab=signup" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          <Trans>Create your account</Trans>
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Want to earn by sharing events yourself?{' '}
          <Link to="/affiliate-program" className="font-medium text-primary underline">
            See the affiliate program
          </Link>
        </Trans>
      </p>
    </main>
  );
}

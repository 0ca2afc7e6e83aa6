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

const STEPS = [
  {
    icon: Link2,
    title: 'Get your link',
    text: 'Join in one step and get a personal link for every event that pays referrals.',
  },
  {
    icon: MousePointerClick,
    title: 'Share it',
    text: `Anyone who opens it is yours for ${AFFILIATE_WINDOW_DAYS} days: the last link they clicked counts.`,
  },
  {
    icon: Ticket,
    title: 'They buy tickets',
    text: 'Each paid order through your link earns the commission the organizer set.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Get paid',
    text: `Commissions are due ${AFFILIATE_REFUND_WINDOW_DAYS} days after the sale, once refunds are no longer possible.`,
  },
];

/** spec §2 /affiliate-program: how it works, rates, and the join button. */
export function AffiliateProgramPage() {
  return (
    <PageBody>
      <PageHeader
        title="Affiliate Program"
        description="Earn a commission on every ticket sold through your links."
        actions={
          <Link to="/affiliate" className={buttonClasses({ size: 'lg' })}>
            Join the program
          </Link>
        }
      />
      <section aria-labelledby="how-title" className="mb-10">
        <h2 id="how-title" className="mb-4 text-2xl font-bold">
          How it works
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.title}>
              <Card className="h-full">
                <CardHeader>
                  <step.icon aria-hidden="true" className="size-8 text-primary" />
                  <CardTitle>
                    {i + 1}. {step.title}
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">{step.text}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="rates-title">
        <h2 id="rates-title" className="mb-4 text-2xl font-bold">
          Rates and payouts
        </h2>
        <ul className="flex list-disc flex-col gap-2 ps-6">
          <li>
            Organizers choose each event's commission: a percentage of the ticket revenue or a fixed
            amount per ticket. Events that did not choose pay {DEFAULT_COMMISSION.value / 100} %.
          </li>
          <li>Refunded orders take their commission back, in proportion to the refund.</li>
          <li>Your own purchases and clicks never earn a commission.</li>
          <li>
            Payouts start at {usd(AFFILIATE_MIN_PAYOUT_CENTS)}; US affiliates file a W-9 before
            reaching the reporting threshold.
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
      <h1 className="text-4xl font-extrabold tracking-tight">You were invited to MEA Events</h1>
      <p className="text-lg text-muted-foreground">
        Find concerts, festivals, conferences and meetups near you, buy tickets in a minute and keep
        them on your phone. A friend sent you here: sign up with their code already filled in.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/events" className={buttonClasses({ size: 'lg' })}>
          Browse events
        </Link>
        <Link to="/auth?tab=signup" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          Create your account
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">
        Want to earn by sharing events yourself?{' '}
        <Link to="/affiliate-program" className="font-medium text-primary underline">
          See the affiliate program
        </Link>
      </p>
    </main>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeDollarSign, CalendarCheck, Search } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { paths } from '../../lib/paths';

// spec §2 Home: the three steps, in the spec's words except "Get Book", which is not English
// (decision 047).
const STEPS = [
  {
    icon: Search,
    title: msg`Get Found`,
    text: msg`Create your profile with your services, photos and links so organizers and attendees can find you.`,
  },
  {
    icon: CalendarCheck,
    title: msg`Get Booked`,
    text: msg`Apply to events, answer requests and manage every booking from one dashboard.`,
  },
  {
    icon: BadgeDollarSign,
    title: msg`Get Paid`,
    text: msg`Sell tickets and products and collect your fees securely through the platform.`,
  },
];

export function HowItWorks() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="how-it-works" className="mb-8 text-center text-3xl font-bold tracking-tight">
        <Trans>How It Works</Trans>
      </h2>
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title.id}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <step.icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle>
                  <span className="text-muted-foreground">{i + 1}. </span>
                  {i18n._(step.title)}
                </CardTitle>
                <CardDescription>{i18n._(step.text)}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to={paths.subscription()} className={buttonClasses({ size: 'lg' })}>
          <Trans>See Subscription Plans</Trans>
        </Link>
        <Link to={paths.affiliate()} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          <Trans>Join the Affiliate Program</Trans>
        </Link>
      </div>
    </section>
  );
}

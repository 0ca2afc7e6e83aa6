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
    title: 'Get Found',
    text: 'Create your profile with your services, photos and links so organizers and attendees can find you.',
  },
  {
    icon: CalendarCheck,
    title: 'Get Booked',
    text: 'Apply to events, answer requests and manage every booking from one dashboard.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Get Paid',
    text: 'Sell tickets and products and collect your fees securely through the platform.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="how-it-works" className="mb-8 text-center text-3xl font-bold tracking-tight">
        How It Works
      </h2>
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <step.icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle>
                  <span className="text-muted-foreground">{i + 1}. </span>
                  {step.title}
                </CardTitle>
                <CardDescription>{step.text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to={paths.subscription()} className={buttonClasses({ size: 'lg' })}>
          See Subscription Plans
        </Link>
        <Link to={paths.affiliate()} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          Join the Affiliate Program
        </Link>
      </div>
    </section>
  );
}

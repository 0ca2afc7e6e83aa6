import { BadgeDollarSign, Percent, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

const WAYS = [
  {
    icon: Ticket,
    title: 'Sell tickets',
    text: 'Organizers keep their ticket revenue, paid out through the platform.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Vendor fees',
    text: 'Vendors are paid for their services once an organizer approves them.',
  },
  {
    icon: Percent,
    title: 'Affiliate earnings',
    text: 'Share events with your referral link and earn on every sale.',
  },
];

export function EarningsSection() {
  return (
    <section aria-labelledby="home-earnings" className="bg-primary-soft">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <SectionHeading id="home-earnings" title="Ways to earn" />
        <ul className="grid gap-4 md:grid-cols-3">
          {WAYS.map((way) => (
            <li key={way.title} className="rounded-lg border border-border bg-card p-6">
              <way.icon aria-hidden="true" className="mb-2 size-7 text-primary" />
              <h3 className="font-semibold">{way.title}</h3>
              <p className="text-sm text-muted-foreground">{way.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center">
          <Link to={paths.affiliate()} className="font-medium text-primary underline">
            Learn about the affiliate program
          </Link>
        </p>
      </div>
    </section>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BadgeDollarSign, Percent, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

const WAYS = [
  {
    icon: Ticket,
    title: msg`Sell tickets`,
    text: msg`Organizers keep their ticket revenue, paid out through the platform.`,
  },
  {
    icon: BadgeDollarSign,
    title: msg`Vendor fees`,
    text: msg`Vendors are paid for their services once an organizer approves them.`,
  },
  {
    icon: Percent,
    title: msg`Affiliate earnings`,
    text: msg`Share events with your referral link and earn on every sale.`,
  },
];

export function EarningsSection() {
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="home-earnings" className="bg-primary-soft">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <SectionHeading id="home-earnings" title={t`Ways to earn`} />
        <ul className="grid gap-4 md:grid-cols-3">
          {WAYS.map((way) => (
            <li key={way.title.id} className="rounded-lg border border-border bg-card p-6">
              <way.icon aria-hidden="true" className="mb-2 size-7 text-primary" />
              <h3 className="font-semibold">{i18n._(way.title)}</h3>
              <p className="text-sm text-muted-foreground">{i18n._(way.text)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center">
          <Link to={paths.affiliate()} className="font-medium text-primary underline">
            <Trans>Learn about the affiliate program</Trans>
          </Link>
        </p>
      </div>
    </section>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

const TYPES = [
  {
    title: msg`Attendee`,
    text: msg`Find events, follow organizers and keep your tickets in one place.`,
  },
  { title: msg`Organizer`, text: msg`Publish events, sell tickets and hire vendors.` },
  { title: msg`Vendor`, text: msg`Show your services, apply to events and get paid.` },
  { title: msg`Venue`, text: msg`List your space and get booked for events.` },
] as const;

export function RegistrationSection() {
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="home-registration" className="bg-primary-soft">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <SectionHeading id="home-registration" title={t`Register in minutes`}>
          <Trans>
            One account type for what you do. It cannot be changed later, so pick the one that fits.
          </Trans>
        </SectionHeading>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TYPES.map((type) => (
            <li key={type.title.id} className="rounded-lg border border-border bg-card p-5">
              <h3 className="font-semibold">{i18n._(type.title)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{i18n._(type.text)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex justify-center">
          <Link to={paths.auth()} className={buttonClasses({ size: 'lg' })}>
            <Trans>Create your account</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}

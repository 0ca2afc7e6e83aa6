import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

const TYPES = [
  ['Attendee', 'Find events, follow organizers and keep your tickets in one place.'],
  ['Organizer', 'Publish events, sell tickets and hire vendors.'],
  ['Vendor', 'Show your services, apply to events and get paid.'],
  ['Venue', 'List your space and get booked for events.'],
] as const;

export function RegistrationSection() {
  return (
    <section aria-labelledby="home-registration" className="bg-primary-soft">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <SectionHeading id="home-registration" title="Register in minutes">
          One account type for what you do. It cannot be changed later, so pick the one that fits.
        </SectionHeading>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TYPES.map(([title, text]) => (
            <li key={title} className="rounded-lg border border-border bg-card p-5">
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex justify-center">
          <Link to={paths.auth()} className={buttonClasses({ size: 'lg' })}>
            Create your account
          </Link>
        </div>
      </div>
    </section>
  );
}

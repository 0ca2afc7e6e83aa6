import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

// City names are places to search for, written as the listings write them: not translated.
const CITIES = [
  'New York',
  'Atlanta',
  'Chicago',
  'Houston',
  'Los Angeles',
  'Miami',
  'Washington',
  'Dallas',
];

export function NationSection() {
  return (
    <section aria-labelledby="home-nation" className="bg-foreground text-background">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="mb-8 flex flex-col gap-2 text-center">
          <h2 id="home-nation" className="text-3xl font-bold tracking-tight">
            <Trans>Events across the nation</Trans>
          </h2>
          <p className="mx-auto max-w-2xl opacity-90">
            <Trans>Find what is happening near you.</Trans>
          </p>
        </div>
        <ul className="flex flex-wrap justify-center gap-3">
          {CITIES.map((city) => (
            <li key={city}>
              <Link
                to={`${paths.events()}?search=${encodeURIComponent(city)}`}
                className="block rounded-full border border-background/40 px-4 py-2 font-medium hover:bg-background hover:text-foreground"
              >
                {city}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

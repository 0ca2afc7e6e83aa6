import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { SERVICE_TYPE_LABELS } from '../service-types';
import { SectionHeading } from './section-heading';

type ServiceType = Exclude<(typeof VENDOR_SERVICE_TYPES)[number], 'Other'>;

/** The spec §3 vendor service types as a scrollable strip; buttons and keyboard both scroll it. */
export function ServicesCarouselSection() {
  const { i18n, t } = useLingui();
  const strip = useRef<HTMLUListElement>(null);
  // Right to left, the strip starts at the right and scrolls towards negative offsets.
  const scroll = (direction: 1 | -1) =>
    strip.current?.scrollBy({
      left:
        direction *
        strip.current.clientWidth *
        0.8 *
        (getComputedStyle(strip.current).direction === 'rtl' ? -1 : 1),
      behavior: 'smooth',
    });
  return (
    <section
      aria-labelledby="home-services"
      aria-roledescription="carousel"
      className="mx-auto max-w-6xl px-4 py-12"
    >
      <SectionHeading id="home-services" title={t`Services for every event`} />
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={t`Previous services`}
          onClick={() => scroll(-1)}
        >
          <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </Button>
        <ul ref={strip} className="flex flex-1 snap-x gap-3 overflow-x-auto scroll-smooth py-2">
          {VENDOR_SERVICE_TYPES.filter((s): s is ServiceType => s !== 'Other').map((service) => (
            <li key={service} className="snap-start">
              <Link
                to={`${paths.vendors()}?service=${encodeURIComponent(service)}`}
                className="flex h-20 w-40 items-center justify-center rounded-lg border border-border bg-card p-3 text-center font-medium hover:border-primary hover:bg-primary-soft"
              >
                {i18n._(SERVICE_TYPE_LABELS[service])}
              </Link>
            </li>
          ))}
        </ul>
        <Button
          variant="outline"
          size="icon"
          aria-label={t`Next services`}
          onClick={() => scroll(1)}
        >
          <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </Button>
      </div>
    </section>
  );
}

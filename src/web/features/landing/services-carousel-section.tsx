import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

type ServiceType = Exclude<(typeof VENDOR_SERVICE_TYPES)[number], 'Other'>;

// The service types are values the vendor search filters on (in English); only the name a person
// reads is translated.
const SERVICE_LABELS: Record<ServiceType, MessageDescriptor> = {
  DJ: msg`DJ`,
  'Host/MC': msg`Host/MC`,
  Host: msg`Host`,
  Speaker: msg`Speaker`,
  Caterer: msg`Caterer`,
  Promoter: msg`Promoter`,
  'Mixologist/Bartender': msg`Mixologist/Bartender`,
  Photographer: msg`Photographer`,
  Videographer: msg`Videographer`,
  'Tent Rental': msg`Tent Rental`,
  'Table Rental': msg`Table Rental`,
  'Chair Rental': msg`Chair Rental`,
  'Food Truck': msg`Food Truck`,
  'Lighting Equipment': msg`Lighting Equipment`,
  'Sound Equipment': msg`Sound Equipment`,
  'Event Rental Equipment': msg`Event Rental Equipment`,
  Florist: msg`Florist`,
  'Wedding Planner': msg`Wedding Planner`,
  'Event Planner': msg`Event Planner`,
  'Event Decorator': msg`Event Decorator`,
  'Security Services': msg`Security Services`,
  'Transportation Services': msg`Transportation Services`,
  'Live Band': msg`Live Band`,
  Entertainment: msg`Entertainment`,
  'Makeup Artist': msg`Makeup Artist`,
  'Hair Stylist': msg`Hair Stylist`,
  'Photo Booth': msg`Photo Booth`,
  'Event Coordinator': msg`Event Coordinator`,
  Musicians: msg`Musicians`,
  'Sound/Light Techs': msg`Sound/Light Techs`,
  Artist: msg`Artist`,
};

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
                {i18n._(SERVICE_LABELS[service])}
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

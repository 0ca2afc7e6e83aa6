import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import {
  CalendarCheck,
  CalendarClock,
  Clock,
  ExternalLink,
  Images,
  MapPin,
  MessageSquare,
  Star,
  Store,
  UserPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import type { VendorLinks, VendorPage } from '../../../contracts/vendors';
import { EmptyState, isMissing, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { pageDataFor } from '../../app/server-head';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import { vendorPageQuery } from './api';
import { PersonAvatar } from '../../components/person-avatar';
import { formatPriceRange, formatWhen, linkLabel } from './vendor-format';
import { useServiceTypeLabel } from '../service-types';
import { vendorPaths } from './vendor-paths';
import { lazyPage } from '../../app/lazy-page';

// Only for signed-in organizers, near the end of the page: its form library, schemas and toasts
// (about 60 KB) load when it is shown, not with the page's first view (decision 095).
const RateVendorForm = lazyPage(() => import('./rate-vendor-form').then((m) => m.RateVendorForm));

// Brand names stay as they are; only "Website" is a word to translate.
const LINK_NAMES: Record<keyof VendorLinks, MessageDescriptor | string> = {
  website: msg`Website`,
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
};

/** /vendor/{id}: a vendor's public page (spec §2). */
export function VendorPublicPage({ id }: { id: string }) {
  const { t } = useLingui();
  // The server writes the vendor into its page: the first paint needs no API round trip.
  const [seed] = useState(() => pageDataFor(`/vendor/${id}`, 'vendor'));
  const query = useQuery({ ...vendorPageQuery(id), initialData: seed?.vendor });
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-16">
        {isMissing(query.error) ? (
          <EmptyState icon={Store} title={t`Vendor not found`}>
            <p className="text-muted-foreground">
              <Trans>This vendor does not exist or no longer offers services here.</Trans>
            </p>
            <Link to={vendorPaths.directory()} className={buttonClasses({ variant: 'outline' })}>
              <Trans>Browse vendors</Trans>
            </Link>
          </EmptyState>
        ) : (
          <LoadFailed
            title={t`The vendor could not be loaded`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );
  }
  return <VendorView page={query.data} />;
}

function Section({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: typeof Star;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "4 out of 5": one rating's score. */
function RatingScore({ score }: { score: number }) {
  return <Trans>{score} out of 5</Trans>;
}

function VendorView({ page }: { page: VendorPage }) {
  const { i18n, t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const { user } = useSession();
  const { vendor, eventsWorked, ratings, ratingAverage, ratingCount } = page;
  const links = (Object.keys(LINK_NAMES) as (keyof VendorLinks)[])
    .map((key) => ({ key, url: vendor.links[key] }))
    .filter((link): link is { key: keyof VendorLinks; url: string } => Boolean(link.url));
  const isSelf = user?.id === vendor.id;
  const contactTo = user
    ? vendorPaths.message(vendor.id, vendor.displayName)
    : paths.auth(vendorPaths.vendor(vendor.id));
  const photoCount = vendor.gallery.length;
  const vendorName = vendor.displayName;
  const photoAlt = (number: number) => t`${vendorName}: photo ${number} of ${photoCount}`;
  const average = ratingAverage?.toFixed(1) ?? '';
  const linkName = (key: keyof VendorLinks) => {
    const name = LINK_NAMES[key];
    return typeof name === 'string' ? name : i18n._(name);
  };

  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 md:py-12">
      <header className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-4">
          <PersonAvatar
            name={vendor.displayName}
            avatarUrl={vendor.avatarUrl}
            className="size-20 text-2xl"
          />
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
              {vendor.displayName}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{serviceTypeLabel(vendor.displayCategory)}</Badge>
              {ratingAverage !== null ? (
                <span className="flex items-center gap-1 text-sm">
                  <Star aria-hidden="true" className="size-4 fill-current text-primary" />
                  {t`${average} out of 5 (${plural(ratingCount, { one: '# rating', other: '# ratings' })})`}
                </span>
              ) : (
                <span className="text-sm text-muted-foreground">
                  <Trans>No ratings yet</Trans>
                </span>
              )}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {isSelf ? (
            <Link to={vendorPaths.profile()} className={buttonClasses()}>
              <Trans>Edit profile</Trans>
            </Link>
          ) : (
            <>
              <Link to={contactTo} className={buttonClasses({ variant: 'outline' })}>
                <MessageSquare aria-hidden="true" className="size-4" />
                <Trans>Contact</Trans>
              </Link>
              {user?.userType === 'organizer' || user?.roles.includes('admin') ? (
                <Link
                  to={`${vendorPaths.hiring()}?vendor=${encodeURIComponent(vendor.id)}`}
                  className={buttonClasses()}
                >
                  <UserPlus aria-hidden="true" className="size-4" />
                  <Trans>Hire</Trans>
                </Link>
              ) : null}
            </>
          )}
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-8">
          {vendor.description ? (
            <section aria-labelledby="vendor-about" className="flex flex-col gap-2">
              <h2 id="vendor-about" className="text-xl font-bold">
                <Trans>About</Trans>
              </h2>
              <p className="break-words whitespace-pre-line">{vendor.description}</p>
            </section>
          ) : null}

          <Section id="vendor-services" title={t`Services`} icon={Store}>
            {vendor.services.length ? (
              <ul className="grid gap-3 sm:grid-cols-2">
                {vendor.services.map((service, i) => (
                  <li key={`${service.name}-${i}`} className="rounded-lg border border-border p-4">
                    <h3 className="font-semibold">{service.name}</h3>
                    <p className="text-sm font-medium text-primary">
                      {formatPriceRange(service.priceMinCents, service.priceMaxCents)}
                    </p>
                    {service.description ? (
                      <p className="mt-1 text-sm text-muted-foreground">{service.description}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">
                <Trans>No services listed yet.</Trans>
              </p>
            )}
          </Section>

          <Section id="vendor-gallery" title={t`Gallery`} icon={Images}>
            {vendor.gallery.length ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {vendor.gallery.map((image, i) => (
                  <li key={image.id}>
                    <a href={image.url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={image.thumbUrl}
                        alt={photoAlt(i + 1)}
                        loading="lazy"
                        className="aspect-square w-full rounded-lg bg-muted object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">
                <Trans>No photos yet.</Trans>
              </p>
            )}
          </Section>

          <Section id="vendor-events" title={t`Events worked`} icon={CalendarCheck}>
            {eventsWorked.length ? (
              <ul className="flex flex-col gap-2">
                {eventsWorked.map((event) => (
                  <li key={event.eventId} className="rounded-lg border border-border p-3">
                    <Link to={paths.event(event.eventId)} className="font-semibold hover:underline">
                      {event.title}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={event.startsAt}>{formatWhen(event)}</time>
                      {event.location ? ` · ${event.location}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">
                <Trans>No events on the platform yet.</Trans>
              </p>
            )}
          </Section>

          <Section id="vendor-ratings" title={t`Ratings`} icon={Star}>
            {user && !isSelf ? (
              <Suspense fallback={null}>
                <RateVendorForm page={page} />
              </Suspense>
            ) : null}
            {ratings.length ? (
              <ul className="flex flex-col gap-3">
                {ratings.map((rating) => (
                  <li key={rating.id} className="rounded-lg border border-border p-4">
                    <p className="font-semibold">
                      <RatingScore score={rating.rating} />
                      <span className="font-normal text-muted-foreground">
                        {' '}
                        · {rating.organizer.name}, {rating.eventTitle}
                      </span>
                    </p>
                    {rating.comment ? <p className="mt-1">{rating.comment}</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">
                <Trans>Organizers rate vendors after the events they worked.</Trans>
              </p>
            )}
          </Section>
        </div>

        <aside className="flex flex-col gap-4" aria-label={t`Vendor details`}>
          <div className="flex flex-col gap-3 rounded-lg border border-border p-4">
            <p className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                <span className="block text-sm font-semibold">
                  <Trans>Service area</Trans>
                </span>
                {vendor.serviceArea || t`Not specified`}
              </span>
            </p>
            <p className="flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                <span className="block text-sm font-semibold">
                  <Trans>Availability</Trans>
                </span>
                {vendor.availability || t`Ask the vendor`}
              </span>
            </p>
            <p className="flex items-start gap-2">
              <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                <span className="block text-sm font-semibold">
                  <Trans>Events worked</Trans>
                </span>
                {eventsWorked.length}
              </span>
            </p>
          </div>
          {links.length ? (
            <nav aria-label={t`Links`} className="rounded-lg border border-border p-4">
              <h2 className="mb-2 text-sm font-semibold">
                <Trans>Links</Trans>
              </h2>
              <ul className="flex flex-col gap-2">
                {links.map((link) => (
                  <li key={link.key}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="flex items-center gap-2 text-primary underline"
                    >
                      <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                      <span className="truncate">
                        {linkName(link.key)}: {linkLabel(link.url)}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

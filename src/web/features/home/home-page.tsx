import { msg } from '@lingui/core/macro';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { HomeSections } from './home-sections';
import { lazySection } from './lazy-section';
import { Hero } from './hero';
import { loadHomeSection } from '../landing';
import { loadNewsletterNotice } from '../newsletter';
import { lazyPage } from '../../app/lazy-page';

// The newsletter's confirmation link lands on /?newsletter=…; the toast saying how it went (and
// the toast code with it) loads only then, so the home page's first download does not carry it.
const NewsletterNotice = lazyPage(() => loadNewsletterNotice().then((m) => m.NewsletterNotice));

function NewsletterLinkNotice() {
  const [params] = useSearchParams();
  if (!params.has('newsletter')) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterNotice />
    </Suspense>
  );
}

// Events come first under the headline (decision 047): what a visitor came for. The section is a
// chunk of its own that starts loading at once, so the first download stays within its budget.
const UpcomingEvents = lazySection(
  () => import('./upcoming-events-section').then((m) => m.UpcomingEventsSection),
  {
    label: msg`Loading upcoming events`,
    minHeight: 520,
    isEager: true,
    firstView: '[data-home-events]',
  },
);

const HowItWorks = lazySection(loadHomeSection.howItWorks, {
  label: msg`Loading how it works`,
  minHeight: 485,
});

/** spec §2 Home: the hero, the next events, then How It Works and the other sections. */
export function HomePage() {
  return (
    <>
      <NewsletterLinkNotice />
      <Hero />
      <UpcomingEvents />
      <HowItWorks />
      <HomeSections />
    </>
  );
}

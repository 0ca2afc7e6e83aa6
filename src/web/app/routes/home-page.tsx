import { HomeSections } from '../../features/home/home-sections';
import { lazySection } from '../../features/home/lazy-section';
import { NewsletterNotice } from '../../features/newsletter/newsletter-notice';
import { Hero } from './home/hero';

// Events come first under the headline (decision 047): what a visitor came for. The section is a
// chunk of its own that starts loading at once, so the first download stays within its budget.
const UpcomingEvents = lazySection(
  () => import('../../features/home/upcoming-events-section').then((m) => m.UpcomingEventsSection),
  { label: 'upcoming events', minHeight: 520, isEager: true },
);

const HowItWorks = lazySection(() => import('./home/how-it-works').then((m) => m.HowItWorks), {
  label: 'how it works',
  minHeight: 485,
});

/** spec §2 Home: the hero, the next events, then How It Works and the other sections. */
export function HomePage() {
  return (
    <>
      <NewsletterNotice />
      <Hero />
      <UpcomingEvents />
      <HowItWorks />
      <HomeSections />
    </>
  );
}

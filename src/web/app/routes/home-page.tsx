import { HomeSections } from '../../features/home/home-sections';
import { lazySection } from '../../features/home/lazy-section';
import { NewsLogos } from '../../features/home/news-logos';
import { NewsletterNotice } from '../../features/newsletter/newsletter-notice';
import { Hero } from './home/hero';

// Below the hero and the news logos, so below the fold at 1280 × 800 and 390 × 844: it loads as
// it nears the screen like the sections after it (the first paint carries only the hero).
const HowItWorks = lazySection(() => import('./home/how-it-works').then((m) => m.HowItWorks), {
  label: 'how it works',
  minHeight: 485,
});

/** spec §2 Home: hero and news logos, then How It Works and the other sections, lazily. */
export function HomePage() {
  return (
    <>
      <NewsletterNotice />
      <Hero />
      <NewsLogos />
      <HowItWorks />
      <HomeSections />
    </>
  );
}

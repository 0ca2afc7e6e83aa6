import { HomeSections } from '../../features/home/home-sections';
import { NewsLogos } from '../../features/home/news-logos';
import { NewsletterNotice } from '../../features/newsletter/newsletter-notice';
import { Hero } from './home/hero';
import { HowItWorks } from './home/how-it-works';

/** spec §2 Home: hero, news logos, How It Works, then the lazily loaded sections. */
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

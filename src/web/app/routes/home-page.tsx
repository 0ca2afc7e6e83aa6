import { Hero } from './home/hero';
import { HowItWorks } from './home/how-it-works';

/** spec §2 Home. The remaining sections (news logos, providers, events, articles…) come later. */
export function HomePage() {
  return (
    <>
      <Hero />
      <HowItWorks />
    </>
  );
}

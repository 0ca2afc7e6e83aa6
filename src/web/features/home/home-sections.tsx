import { msg } from '@lingui/core/macro';
import { lazySection } from './lazy-section';

// spec §2 Home, in the spec's order (upcoming events moved to the top, decision 047); each is its
// own chunk, loaded as it nears the screen or once the page is idle.
const Providers = lazySection(() => import('./providers-section').then((m) => m.ProvidersSection), {
  label: msg`Loading providers`,
  minHeight: 380,
});
const Registration = lazySection(
  () => import('./registration-section').then((m) => m.RegistrationSection),
  { label: msg`Loading registration`, minHeight: 420 },
);
const AttendeeGuide = lazySection(
  () => import('./attendee-guide-section').then((m) => m.AttendeeGuideSection),
  { label: msg`Loading attendee guide`, minHeight: 300 },
);
const Resources = lazySection(() => import('./resources-section').then((m) => m.ResourcesSection), {
  label: msg`Loading resources`,
  minHeight: 240,
});
const ServicesCarousel = lazySection(
  () => import('./services-carousel-section').then((m) => m.ServicesCarouselSection),
  { label: msg`Loading services`, minHeight: 240 },
);
const Nation = lazySection(() => import('./nation-section').then((m) => m.NationSection), {
  label: msg`Loading nation section`,
  minHeight: 260,
});
const Billboard = lazySection(() => import('./billboard-section').then((m) => m.BillboardSection), {
  label: msg`Loading featured event`,
  minHeight: 420,
});
const Earnings = lazySection(() => import('./earnings-section').then((m) => m.EarningsSection), {
  label: msg`Loading earnings`,
  minHeight: 340,
});
const Articles = lazySection(() => import('./articles-section').then((m) => m.ArticlesSection), {
  label: msg`Loading latest articles`,
  minHeight: 300,
});
const Newsletter = lazySection(
  () => import('./newsletter-section').then((m) => m.NewsletterSection),
  { label: msg`Loading newsletter`, minHeight: 280 },
);
const Assistance = lazySection(
  () => import('./assistance-section').then((m) => m.AssistanceSection),
  { label: msg`Loading assistance`, minHeight: 260 },
);

export function HomeSections() {
  return (
    <>
      <Providers />
      <Registration />
      <AttendeeGuide />
      <Resources />
      <ServicesCarousel />
      <Nation />
      <Billboard />
      <Earnings />
      <Articles />
      <Newsletter />
      <Assistance />
    </>
  );
}

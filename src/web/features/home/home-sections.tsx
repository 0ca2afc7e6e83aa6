import { msg } from '@lingui/core/macro';
import { loadHomeSection } from '../landing';
import { lazySection } from './lazy-section';

// spec §2 Home, in the spec's order (upcoming events moved to the top, decision 047); each is its
// own chunk, loaded as it nears the screen or once the page is idle.
const Providers = lazySection(loadHomeSection.providers, {
  label: msg`Loading providers`,
  minHeight: 380,
});
const Registration = lazySection(loadHomeSection.registration, {
  label: msg`Loading registration`,
  minHeight: 420,
});
const AttendeeGuide = lazySection(loadHomeSection.attendeeGuide, {
  label: msg`Loading attendee guide`,
  minHeight: 300,
});
const Resources = lazySection(loadHomeSection.resources, {
  label: msg`Loading resources`,
  minHeight: 240,
});
const ServicesCarousel = lazySection(loadHomeSection.servicesCarousel, {
  label: msg`Loading services`,
  minHeight: 240,
});
const Nation = lazySection(loadHomeSection.nation, {
  label: msg`Loading nation section`,
  minHeight: 260,
});
const Billboard = lazySection(loadHomeSection.billboard, {
  label: msg`Loading featured event`,
  minHeight: 420,
});
const Earnings = lazySection(loadHomeSection.earnings, {
  label: msg`Loading earnings`,
  minHeight: 340,
});
const Articles = lazySection(loadHomeSection.articles, {
  label: msg`Loading latest articles`,
  minHeight: 300,
});
const Newsletter = lazySection(loadHomeSection.newsletter, {
  label: msg`Loading newsletter`,
  minHeight: 280,
});
const Assistance = lazySection(loadHomeSection.assistance, {
  label: msg`Loading assistance`,
  minHeight: 260,
});

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

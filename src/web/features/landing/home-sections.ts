// The home page's sections below the headline and its events (spec §2 Home). They live here,
// with the other marketing pages, so their messages sit in this feature's catalog: the home
// page's own catalog is downloaded before the first paint, and these texts are not needed until
// a section loads (decision 016's budget). Each loader is a chunk of its own.
export const loadHomeSection = {
  howItWorks: () => import('./how-it-works').then((m) => m.HowItWorks),
  providers: () => import('./providers-section').then((m) => m.ProvidersSection),
  registration: () => import('./registration-section').then((m) => m.RegistrationSection),
  attendeeGuide: () => import('./attendee-guide-section').then((m) => m.AttendeeGuideSection),
  resources: () => import('./resources-section').then((m) => m.ResourcesSection),
  servicesCarousel: () =>
    import('./services-carousel-section').then((m) => m.ServicesCarouselSection),
  nation: () => import('./nation-section').then((m) => m.NationSection),
  billboard: () => import('./billboard-section').then((m) => m.BillboardSection),
  earnings: () => import('./earnings-section').then((m) => m.EarningsSection),
  articles: () => import('./articles-section').then((m) => m.ArticlesSection),
  newsletter: () => import('./newsletter-section').then((m) => m.NewsletterSection),
  assistance: () => import('./assistance-section').then((m) => m.AssistanceSection),
};

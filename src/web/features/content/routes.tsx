import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

const BlogListPage = lazyPage(() => import('./blog-list-page').then((m) => m.BlogListPage));
const BlogPostPage = lazyPage(() => import('./blog-post-page').then((m) => m.BlogPostPage));
const PostEditorPage = lazyPage(() => import('./post-editor-page').then((m) => m.PostEditorPage));
const HelpPage = lazyPage(() => import('./help-page').then((m) => m.HelpPage));
const FaqPage = lazyPage(() => import('./faq-page').then((m) => m.FaqPage));
const SitePage = lazyPage(() => import('./site-page').then((m) => m.SitePage));
const ContactPage = lazyPage(() => import('./contact-page').then((m) => m.ContactPage));
const ContentFeaturePage = lazyPage(() =>
  import('./feature-pages').then((m) => m.ContentFeaturePage),
);

// React Router ignores a trailing slash when matching, so /contact/, /about/, /privacy-policy/
// and /terms/ reach the same pages (router.test.ts proves it).
export const contentRoutes: FeatureRoutes = {
  public: [
    { path: 'blog', Component: BlogListPage },
    { path: 'blog/:id', Component: BlogPostPage },
    { path: 'contact', Component: ContactPage },
    { path: 'help', Component: HelpPage },
    { path: 'faq', Component: FaqPage },
    { path: 'about', element: <SitePage slug="about" /> },
    { path: 'privacy-policy', element: <SitePage slug="privacy-policy" /> },
    { path: 'privacy', element: <SitePage slug="privacy-policy" /> },
    { path: 'terms', element: <SitePage slug="terms" /> },
    { path: 'cookies', element: <SitePage slug="cookies" /> },
    { path: 'accessibility', element: <SitePage slug="accessibility" /> },
    { path: 'careers', element: <SitePage slug="careers" /> },
    {
      path: 'features',
      children: [
        { path: 'create-events', element: <ContentFeaturePage feature="create-events" /> },
        { path: 'event-ryder', element: <ContentFeaturePage feature="event-ryder" /> },
        { path: 'event-streaming', element: <ContentFeaturePage feature="event-streaming" /> },
        { path: 'ticket-sales', element: <ContentFeaturePage feature="ticket-sales" /> },
        {
          path: 'payment-processing',
          element: <ContentFeaturePage feature="payment-processing" />,
        },
      ],
    },
  ],
  member: [
    {
      element: <RoleGuard role="blog_admin" />,
      children: [
        { path: 'create-post', Component: PostEditorPage },
        { path: 'edit-post/:id', Component: PostEditorPage },
      ],
    },
  ],
};

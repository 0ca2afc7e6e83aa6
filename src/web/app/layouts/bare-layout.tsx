import { PageFrame } from '../page-frame';

/** Pages outside the main layout (spec §2): referral handler, funnels, meeting rooms. */
export function BareLayout() {
  return (
    <main id="main" className="min-h-screen">
      <PageFrame />
    </main>
  );
}

import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageSpinner } from '../components/ui/spinner';
import { RevealAppPage } from './server-first-view';

/**
 * Where a layout shows its page: a spinner while the page's code loads, and "Something went
 * wrong" if it fails, keeping the surrounding header and footer usable. Moving to another path
 * clears the error.
 */
export function PageFrame() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
        <RevealAppPage />
      </Suspense>
    </ErrorBoundary>
  );
}

import { useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-fallback';

/**
 * The router's errorElement: a failure outside any page frame (a layout, a guard). The state
 * that failed is unknown, so Try Again starts the page afresh.
 */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  return (
    <main id="main" className="min-h-screen">
      <ErrorFallback onRetry={() => window.location.reload()} />
    </main>
  );
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ErrorFallback } from '../components/error-fallback';

/**
 * A failure outside any page frame (a layout, a guard). The state that failed is unknown, so
 * Try Again starts the page afresh.
 */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <main id="main" className="min-h-screen">
        <ErrorFallback onRetry={() => window.location.reload()} />
      </main>
    );
  }
}

/** The route around every other one: its children, or the error screen when they fail. */
export function RouteErrors() {
  return (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  );
}

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/chunk-load-error';
import { ErrorFallback } from './error-fallback';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the route), a shown error is cleared so the new page can render. */
  resetKey?: unknown;
  /** Replaces a full page reload when a page's code failed to load; tests inject it. */
  reloadPage?: () => void;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches render errors of the pages below it and shows "Something went wrong". Try Again
 * renders the children again; when the failure was a lazily loaded chunk, React.lazy keeps
 * the rejected import forever, so only a reload (which also picks up a new deploy) recovers.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.reset();
  }

  private reset = () => this.setState({ error: null, hasError: false });

  private retry = () => {
    if (isChunkLoadError(this.state.error)) {
      (this.props.reloadPage ?? (() => window.location.reload()))();
      return;
    }
    this.reset();
  };

  override render(): ReactNode {
    if (this.state.hasError) return <ErrorFallback onRetry={this.retry} />;
    return this.props.children;
  }
}

import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../lib/chunk-load-error';
import { ErrorBoundary } from './error-boundary';

let shouldThrow: unknown = null;
function Flaky() {
  if (shouldThrow) throw shouldThrow;
  return <p>All good</p>;
}

describe('ErrorBoundary (spec §2 render error)', () => {
  beforeEach(() => {
    // React logs caught render errors; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    shouldThrow = null;
    vi.restoreAllMocks();
  });

  it('shows "Something went wrong" and Try Again renders the page again', () => {
    shouldThrow = new Error('boom');
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    shouldThrow = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('shows the error again if Try Again fails too', () => {
    shouldThrow = new Error('still broken');
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('reloads the page when a lazily loaded chunk failed', () => {
    shouldThrow = new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'));
    const reloadPage = vi.fn();
    render(
      <ErrorBoundary reloadPage={reloadPage}>
        <Flaky />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('clears the error when the reset key changes (another page)', () => {
    shouldThrow = new Error('boom');
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Flaky />
      </ErrorBoundary>,
    );
    shouldThrow = null;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
  });
});

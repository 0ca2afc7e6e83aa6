import { render, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CatchUpWithHistory } from './catch-up-with-history';

/** Moves the address once while the tree renders, after the router read it: a Back or Forward
 * made before the router's listener is in place. */
function MoveWhileRendering({ to }: { to: string }) {
  if (window.location.pathname !== to) window.history.pushState(null, '', to);
  return null;
}

function App({ catchUp }: { catchUp: boolean }) {
  return (
    <BrowserRouter>
      <MoveWhileRendering to="/gone-page" />
      {catchUp ? <CatchUpWithHistory /> : null}
      <Routes>
        <Route path="/events" element={<p>Events</p>} />
        <Route path="*" element={<p>Page Not Found</p>} />
      </Routes>
    </BrowserRouter>
  );
}

describe('CatchUpWithHistory', () => {
  it('shows the page of an address that moved before the router listened', async () => {
    window.history.replaceState(null, '', '/events');
    render(<App catchUp />);
    await screen.findByText('Page Not Found');
    expect(screen.queryByText('Events')).toBeNull();
    expect(window.location.pathname).toBe('/gone-page');
  });

  it('is what makes the difference: without it the page stays on the old address', () => {
    window.history.replaceState(null, '', '/events');
    render(<App catchUp={false} />);
    expect(screen.getByText('Events')).toBeTruthy();
  });
});

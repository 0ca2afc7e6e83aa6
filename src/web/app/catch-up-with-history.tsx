import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The router starts listening for Back and Forward only when its first render commits, and home
 * and the event lists render that first time in slices (main.tsx): a move made meanwhile changed
 * the address but not the page. At the first commit the page catches up with the address; later
 * moves reach the router's own listener.
 */
export function CatchUpWithHistory() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    if (pathname === location.pathname && search === location.search && hash === location.hash)
      return;
    const state = (window.history.state as { usr?: unknown } | null)?.usr;
    void navigate({ pathname, search, hash }, { replace: true, state });
    // Once: what the first commit missed, not every later location.
  }, []);
  return null;
}

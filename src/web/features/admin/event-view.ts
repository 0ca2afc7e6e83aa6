import { useEffect } from 'react';
import { apiPost } from '../../lib/api-client';

const STORAGE_KEY = 'mea:event-views';

/**
 * Reports one view of an event page a day per browser, for the console's view→order conversion.
 * The server also drops repeats and bots; this spares it the requests. Tiny on
 * purpose: it runs on the event page's first load.
 */
export function useEventView(eventId: string) {
  useEffect(() => {
    if (!eventId) return;
    const day = new Date().toISOString().slice(0, 10);
    let seen: Record<string, string> = {};
    try {
      seen = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string>;
    } catch {
      // Storage off or spoilt: report the view; the server still counts it once.
    }
    if (seen[eventId] === day) return;
    // Only today's entries are kept, so the list never grows past a day's browsing.
    const today = Object.fromEntries(Object.entries(seen).filter(([, d]) => d === day));
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...today, [eventId]: day }));
    } catch {
      // Private mode without storage: fine.
    }
    apiPost('/api/event-views', { eventId }).catch(() => undefined);
  }, [eventId]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '../../lib/realtime';
import { holdRealtime } from '../../lib/realtime-hold';
import { vendorKeys } from './api';

/**
 * spec §7 Realtime: vendor_requests inserts and updates reload the list. Holds the tab's socket
 * open (the Vendor Applications screen sits outside the main layout, where nothing else does),
 * reloads on a frame about `eventId` (or any, without one), on `resync`, and after a reconnect,
 * since frames sent while the socket was down may not be replayed.
 */
export function useLiveVendorRequests(eventId?: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => {
      if (eventId) void queryClient.invalidateQueries({ queryKey: vendorKeys.requests(eventId) });
      void queryClient.invalidateQueries({ queryKey: vendorKeys.myApplications() });
      void queryClient.invalidateQueries({ queryKey: vendorKeys.tracker() });
    };
    return holdRealtime(
      [
        realtime.subscribe('vendor_requests', ({ events }) => {
          if (!eventId || events.some(({ request }) => request.eventId === eventId)) reload();
        }),
        realtime.subscribe('resync', reload),
      ],
      { onReopen: reload },
    );
  }, [eventId, queryClient]);
}

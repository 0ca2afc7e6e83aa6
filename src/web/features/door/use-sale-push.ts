import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { realtime } from '../../lib/realtime';
import { holdRealtime } from '../../lib/realtime-hold';
import { doorKeys } from './api';

/**
 * Follows a box-office sale waiting for its card payment on the tab's realtime socket (decision
 * 132): once the server says the socket watches it, the sale is read once more (it may have
 * settled before), and a `box_office_sale` frame makes the desk read it again at once. True
 * while the socket watches; the caller polls slowly only while it does not (socket down, or the
 * watch refused).
 */
export function useSalePush(eventId: string, orderId: string, pending: boolean): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const key = doorKeys.sale(orderId);
    const reread = () => void client.invalidateQueries({ queryKey: key, exact: true });
    const stop = holdRealtime(
      [
        realtime.subscribe('box_office_sale_watching', (frame) => {
          if (frame.orderId !== orderId) return;
          setLive(true);
          reread();
        }),
        realtime.subscribe('box_office_sale', (frame) => {
          if (frame.orderId === orderId) reread();
        }),
        realtime.subscribe('box_office_sale_refused', (frame) => {
          if (frame.orderId === orderId) setLive(false);
        }),
      ],
      {
        onOpen: () => realtime.send({ type: 'box_office_sale_watch', eventId, orderId }),
        onDown: () => setLive(false),
      },
    );
    return () => {
      realtime.send({ type: 'box_office_sale_unwatch', orderId });
      stop();
    };
  }, [client, eventId, orderId, pending]);
  return live;
}

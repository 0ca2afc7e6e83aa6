import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { orderSeatsQuery } from './api';

/** On a receipt: the seats the order holds or bought, when it is a seat order. */
export function OrderSeats({ orderId }: { orderId: string }) {
  const seats = useQuery(orderSeatsQuery(orderId));
  if (!seats.data?.seatIds.length) return null;
  return (
    <section aria-labelledby="order-seats" className="flex flex-col gap-2">
      <h2 id="order-seats" className="text-lg font-semibold">
        <Trans>Your seats</Trans>
      </h2>
      <ul className="flex flex-wrap gap-2">
        {seats.data.seatIds.map((id) => (
          <li key={id} className="rounded-md border border-border px-2 py-1 font-mono text-sm">
            {id}
          </li>
        ))}
      </ul>
    </section>
  );
}

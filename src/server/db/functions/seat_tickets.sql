-- seat_tickets: prints each seat of a paid order on one of its tickets (docs/decisions/068, 072).
-- This file is the function's source, applied by src/server/db/migrate.ts like order_hold_batch.
-- Called when an order's tickets are issued (orders/fulfilment.ts) and when a seat order's seats
-- are tied to it (a free seat order is issued before that). Within each ticket type the order's
-- seats, in plan order (shorter ids first, so seat 2 comes before seat 12), go to its tickets in
-- the order they were issued. Seats already printed keep their ticket, so a second call changes
-- nothing.
CREATE OR REPLACE FUNCTION seat_tickets(p_order_id uuid) RETURNS void
LANGUAGE sql AS $$
	WITH free_tickets AS (
		SELECT t.id, t.ticket_type_id,
			row_number() OVER (PARTITION BY t.ticket_type_id ORDER BY t.created_at, t.id) AS n
		FROM tickets t
		WHERE t.order_id = p_order_id
			AND NOT EXISTS (SELECT 1 FROM event_seats x WHERE x.ticket_id = t.id)
	), open_seats AS (
		SELECT s.event_id, s.seat_id, s.ticket_type_id,
			row_number() OVER (PARTITION BY s.ticket_type_id ORDER BY length(s.seat_id), s.seat_id) AS n
		FROM event_seats s
		WHERE s.order_id = p_order_id AND s.ticket_id IS NULL
	)
	UPDATE event_seats e SET ticket_id = f.id
	FROM open_seats o JOIN free_tickets f ON f.ticket_type_id = o.ticket_type_id AND f.n = o.n
	WHERE e.event_id = o.event_id AND e.seat_id = o.seat_id;
$$;

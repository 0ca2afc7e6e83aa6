-- seat_claim: a seat checkout takes its seats in one statement (docs/decisions/068, 072, 091).
-- This file is the function's source, applied by src/server/db/migrate.ts like order_hold_batch.
-- It does in one round trip what the checkout did in about eight: look up the idempotency key,
-- clear the rows of the wanted seats that are free again, and insert one row per seat; the
-- (event, seat) primary key still lets only one of two racing checkouts have a seat.
--
-- p_seats: [{seatId, ticketTypeId}] (checked against the plan by the server). Returns
--   {"status":"replay","orderId"}  the buyer's idempotency key already has an order;
--   {"status":"due"}               a wanted seat's hold ran out but its order is still pending:
--                                  the server expires the event's holds and calls again (an
--                                  expiry gives stock back, which this function does not touch);
--   {"status":"taken","seats":{"A-Row C-12":"held"|"sold"}}  someone else has these seats; this
--                                  call took none of them;
--   {"status":"claimed"}           every seat is this checkout's, without an order yet (the hold
--                                  writes its id, order_hold_batch's `seats`); a claim without an
--                                  order lapses at p_claimed_until.
-- Rows of closed orders (expired, cancelled, refunded) are removed only after those orders are
-- locked, in id order: a late payment settling one of them holds that lock, so either it commits
-- first (the order is paid and its seat is not cleared) or it finds the seat gone (decision 072).
-- Seats are inserted in id order, so two checkouts wanting the same seats wait for each other in
-- one order and cannot deadlock.
CREATE OR REPLACE FUNCTION seat_claim(
	p_event_id uuid,
	p_user_id uuid,
	p_idempotency_key text,
	p_seats jsonb,
	p_now timestamptz,
	p_claimed_until timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	v_ids text[];
	v_types uuid[];
	v_order uuid;
	v_freed text[];
	v_took text[];
BEGIN
	-- A claim is soft state like a hold (decision 006): commit without waiting for the flush. A
	-- crash can lose only a claim whose order, committed after it, is lost too.
	PERFORM set_config('synchronous_commit', 'off', true);

	IF p_idempotency_key IS NOT NULL THEN
		SELECT o.id INTO v_order FROM orders o
		WHERE o.user_id = p_user_id AND o.idempotency_key = p_idempotency_key;
		IF v_order IS NOT NULL THEN
			RETURN jsonb_build_object('status', 'replay', 'orderId', v_order);
		END IF;
	END IF;

	SELECT coalesce(array_agg(s."seatId" ORDER BY s."seatId"), '{}'),
		coalesce(array_agg(s."ticketTypeId" ORDER BY s."seatId"), '{}')
	INTO v_ids, v_types
	FROM jsonb_to_recordset(p_seats) AS s("seatId" text, "ticketTypeId" uuid);

	IF EXISTS (
		SELECT 1 FROM event_seats s JOIN orders o ON o.id = s.order_id
		WHERE s.event_id = p_event_id AND s.seat_id = ANY(v_ids)
			AND o.status = 'pending' AND o.reserved_until <= p_now
	) THEN
		RETURN '{"status":"due"}'::jsonb;
	END IF;

	SELECT coalesce(array_agg(f.seat_id), '{}') INTO v_freed
	FROM (
		SELECT s.seat_id FROM event_seats s JOIN orders o ON o.id = s.order_id
		WHERE s.event_id = p_event_id AND s.seat_id = ANY(v_ids)
			AND o.status NOT IN ('paid', 'partially_refunded', 'pending')
		ORDER BY o.id
		FOR UPDATE OF o
	) f;
	DELETE FROM event_seats s
	WHERE s.event_id = p_event_id AND s.seat_id = ANY(v_ids)
		AND ((s.order_id IS NULL AND s.claimed_until <= p_now) OR s.seat_id = ANY(v_freed));

	WITH took AS (
		INSERT INTO event_seats (event_id, seat_id, ticket_type_id, claimed_until)
		SELECT p_event_id, u.id, u.type, p_claimed_until
		FROM unnest(v_ids, v_types) AS u(id, type)
		ORDER BY u.id
		ON CONFLICT DO NOTHING
		RETURNING seat_id
	)
	SELECT coalesce(array_agg(seat_id), '{}') INTO v_took FROM took;
	IF cardinality(v_took) = cardinality(v_ids) THEN
		RETURN '{"status":"claimed"}'::jsonb;
	END IF;

	-- All or none: give back what this call took, and say who has the others.
	DELETE FROM event_seats s WHERE s.event_id = p_event_id AND s.seat_id = ANY(v_took);
	RETURN jsonb_build_object('status', 'taken', 'seats', coalesce((
		SELECT jsonb_object_agg(s.seat_id,
			CASE WHEN o.status IN ('paid', 'partially_refunded') THEN 'sold' ELSE 'held' END)
		FROM event_seats s LEFT JOIN orders o ON o.id = s.order_id
		WHERE s.event_id = p_event_id AND s.seat_id = ANY(v_ids) AND NOT s.seat_id = ANY(v_took)
	), '{}'::jsonb));
END
$$;

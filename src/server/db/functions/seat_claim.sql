-- seat_claim_batch: the seat checkouts that arrive together take their seats in one statement
-- (docs/decisions/068, 072, 091, 098). This file is the function's source, applied by
-- src/server/db/migrate.ts like order_hold_batch. For each checkout it does what the checkout did
-- in about eight round trips: look up the idempotency key, clear the rows of the wanted seats that
-- are free again, and insert one row per seat, all or none; and it does it for a batch of
-- checkouts (src/server/modules/seating/seat-claims.ts) in one round trip and one commit. The
-- (event, seat) primary key still lets only one of two racing checkouts have a seat.
--
-- p_claims: [{eventId, userId, key, seats: [{seatId, ticketTypeId}], orderId?}] (seats checked
-- against the plan by the server, no seat twice in one claim; orderId: the order seat_hold_batch
-- will create under that id in the same statement, written into the seats' rows as they are taken
-- so the hold need not write each row a second time). Returns one answer per claim, in order:
--   {"status":"replay","orderId"}  the buyer's idempotency key already has an order;
--   {"status":"due"}               a wanted seat's hold ran out but its order is still pending:
--                                  the server expires the event's holds and claims again (an
--                                  expiry gives stock back, which this function does not touch);
--   {"status":"taken","seats":{"A-Row C-12":"held"|"sold"}}  someone else has these seats; this
--                                  claim took none of them;
--   {"status":"claimed"}           every seat is this claim's, with the claim's orderId or without
--                                  an order yet (the caller writes it); a claim without an
--                                  order lapses at p_claimed_until.
-- Rows of closed orders (expired, cancelled, refunded) are removed only after those orders are
-- locked, in id order: a late payment settling one of them holds that lock, so either it commits
-- first (the order is paid and its seat is not cleared) or it finds the seat gone (decision 072).
-- All the batch's seats are inserted in one statement in (event, seat) order, so two batches
-- wanting the same seats wait for each other in one order and cannot deadlock. A seat two claims
-- of the batch want goes to the earlier one; a claim that lost a seat that way to a claim that
-- then failed gets a second try at the end, in the batch's order, so a seat is never refused
-- because of a neighbour in the batch that did not keep it.
DROP FUNCTION IF EXISTS seat_claim(uuid, uuid, text, jsonb, timestamptz, timestamptz);

-- The statements that look the batch's seats up in event_seats are planned on each call
-- (EXECUTE), with the batch's arrays as values: a plan kept from the first calls of a session,
-- made while the event had few seat rows and costing each unnest at 10 rows, hashed the whole
-- table for every lookup (measured in a flash sale: a seq scan of event_seats per statement and
-- per refused claim, so a batch cost more the more seats were sold; decision 125). Planned with
-- the real sizes, each seat is a primary key lookup. The statements on the arrays alone keep
-- their cached plans: planning every statement on each call cost more than it saved.
CREATE OR REPLACE FUNCTION seat_claim_batch(
	p_claims jsonb,
	p_now timestamptz,
	p_claimed_until timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	v_n int := jsonb_array_length(p_claims);
	v_results jsonb[];
	-- One entry per claim and seat: the claim's place (1-based), the event, the seat, its type,
	-- the claim's order id (null when it has none).
	v_wn int[];
	v_we uuid[];
	v_ws text[];
	v_wt uuid[];
	v_wo uuid[];
	-- What the batch's insert took, by claim.
	v_tn int[];
	v_te uuid[];
	v_ts text[];
	v_fe uuid[];
	v_fs text[];
	v_active int[] := '{}';
	v_claimed int[];
	v_failed int[];
	v_ids text[];
	v_events uuid[];
	v_types uuid[];
	v_orders uuid[];
	v_row record;
	v_any boolean;
	v_taken jsonb;
	-- The failed claims that meet a taken seat, and their refusals' seats (same order).
	v_worded int[];
	v_words jsonb[];
	i int;
BEGIN
	-- A claim is soft state like a hold (decision 006): commit without waiting for the flush. A
	-- crash can lose only a claim whose order, committed after it, is lost too.
	PERFORM set_config('synchronous_commit', 'off', true);
	IF v_n = 0 THEN
		RETURN '[]'::jsonb;
	END IF;
	v_results := array_fill(NULL::jsonb, ARRAY[v_n]);

	SELECT coalesce(array_agg(c.n ORDER BY c.n), '{}'), coalesce(array_agg(c.e ORDER BY c.n), '{}'),
		coalesce(array_agg(s."seatId" ORDER BY c.n), '{}'),
		coalesce(array_agg(s."ticketTypeId" ORDER BY c.n), '{}'),
		coalesce(array_agg(c.o ORDER BY c.n), '{}')
	INTO v_wn, v_we, v_ws, v_wt, v_wo
	FROM (
		SELECT j.ordinality::int AS n, (j.value ->> 'eventId')::uuid AS e, j.value -> 'seats' AS seats,
			(j.value ->> 'orderId')::uuid AS o
		FROM jsonb_array_elements(p_claims) WITH ORDINALITY AS j
	) c
	CROSS JOIN LATERAL jsonb_to_recordset(c.seats) AS s("seatId" text, "ticketTypeId" uuid);

	-- The keys that already have an order.
	FOR v_row IN
		SELECT j.ordinality::int AS n, o.id AS order_id
		FROM jsonb_array_elements(p_claims) WITH ORDINALITY AS j
		JOIN orders o ON o.user_id = (j.value ->> 'userId')::uuid
			AND o.idempotency_key = j.value ->> 'key'
	LOOP
		v_results[v_row.n] := jsonb_build_object('status', 'replay', 'orderId', v_row.order_id);
	END LOOP;

	-- The claims behind a lapsed hold still pending.
	FOR v_row IN
		SELECT DISTINCT w.n
		FROM unnest(v_wn, v_we, v_ws) AS w(n, e, sid)
		JOIN event_seats s ON s.event_id = w.e AND s.seat_id = w.sid
		JOIN orders o ON o.id = s.order_id
		WHERE o.status = 'pending' AND o.reserved_until <= p_now
	LOOP
		IF v_results[v_row.n] IS NULL THEN
			v_results[v_row.n] := '{"status":"due"}'::jsonb;
		END IF;
	END LOOP;

	FOR i IN 1 .. v_n LOOP
		IF v_results[i] IS NULL THEN
			v_active := v_active || i;
		END IF;
	END LOOP;
	IF cardinality(v_active) = 0 THEN
		RETURN to_jsonb(v_results);
	END IF;

	-- Rows of closed orders among the wanted seats: their orders locked in id order, then gone,
	-- with the lapsed claims.
	EXECUTE 'SELECT coalesce(array_agg(f.event_id), ''{}''), coalesce(array_agg(f.seat_id), ''{}'')
		FROM (
			SELECT s.event_id, s.seat_id
			FROM unnest($1::int[], $2::uuid[], $3::text[]) AS w(n, e, sid)
			JOIN event_seats s ON s.event_id = w.e AND s.seat_id = w.sid
			JOIN orders o ON o.id = s.order_id
			WHERE w.n = ANY($4) AND o.status NOT IN (''paid'', ''partially_refunded'', ''pending'')
			ORDER BY o.id
			FOR UPDATE OF o
		) f'
	INTO v_fe, v_fs
	USING v_wn, v_we, v_ws, v_active;
	EXECUTE 'DELETE FROM event_seats s
		USING unnest($1::int[], $2::uuid[], $3::text[]) AS w(n, e, sid)
		WHERE w.n = ANY($4) AND s.event_id = w.e AND s.seat_id = w.sid
			AND (
				(s.order_id IS NULL AND s.claimed_until <= $5)
				OR (s.event_id, s.seat_id) IN (SELECT * FROM unnest($6::uuid[], $7::text[]))
			)'
	USING v_wn, v_we, v_ws, v_active, p_now, v_fe, v_fs;

	-- Every wanted seat once, for the earliest claim wanting it, in (event, seat) order.
	WITH wanted AS (
		SELECT DISTINCT ON (w.e, w.sid) w.n, w.e, w.sid, w.t, w.o
		FROM unnest(v_wn, v_we, v_ws, v_wt, v_wo) AS w(n, e, sid, t, o)
		WHERE w.n = ANY(v_active)
		ORDER BY w.e, w.sid, w.n
	), took AS (
		INSERT INTO event_seats (event_id, seat_id, ticket_type_id, claimed_until, order_id)
		SELECT wanted.e, wanted.sid, wanted.t, p_claimed_until, wanted.o FROM wanted
		ORDER BY wanted.e, wanted.sid
		ON CONFLICT DO NOTHING
		RETURNING event_id, seat_id
	)
	SELECT coalesce(array_agg(wanted.n), '{}'), coalesce(array_agg(wanted.e), '{}'),
		coalesce(array_agg(wanted.sid), '{}')
	INTO v_tn, v_te, v_ts
	FROM took JOIN wanted ON wanted.e = took.event_id AND wanted.sid = took.seat_id;

	-- A claim is claimed when the insert took every seat it wants; the others failed, in the
	-- batch's order (one statement, not two per claim).
	SELECT coalesce(array_agg(a.n ORDER BY a.n) FILTER (WHERE coalesce(t.c, 0) = w.c), '{}'),
		coalesce(array_agg(a.n ORDER BY a.n) FILTER (WHERE coalesce(t.c, 0) < w.c), '{}')
	INTO v_claimed, v_failed
	FROM unnest(v_active) AS a(n)
	JOIN (SELECT x.n, count(*) AS c FROM unnest(v_wn) AS x(n) GROUP BY x.n) w ON w.n = a.n
	LEFT JOIN (SELECT x.n, count(*) AS c FROM unnest(v_tn) AS x(n) GROUP BY x.n) t ON t.n = a.n;
	FOREACH i IN ARRAY v_claimed LOOP
		v_results[i] := '{"status":"claimed"}'::jsonb;
	END LOOP;
	IF cardinality(v_failed) = 0 THEN
		RETURN to_jsonb(v_results);
	END IF;

	-- All or none: the failed claims give back what they took.
	EXECUTE 'DELETE FROM event_seats s
		USING unnest($1::int[], $2::uuid[], $3::text[]) AS t(n, e, sid)
		WHERE t.n = ANY($4) AND s.event_id = t.e AND s.seat_id = t.sid'
	USING v_tn, v_te, v_ts, v_failed;

	-- The refusals, worded in one statement: each failed claim's seats that have a row now, held
	-- or sold. When every failed claim has one (someone else has a seat it wants: nearly every
	-- refusal of a sale with more buyers than seats), no claim gets a second try and nothing is
	-- written after this, so these are the words the loop below would give, one claim at a time
	-- (three statements each, two of them planned on each call). A failed claim none of whose
	-- seats has a row lost them to a neighbour in the batch that failed too: then the loop runs
	-- for all of them, in the batch's order, as it always did.
	EXECUTE 'SELECT coalesce(array_agg(r.n), ''{}''), coalesce(array_agg(r.seats), ''{}'')
		FROM (
			SELECT w.n, jsonb_object_agg(s.seat_id,
				CASE WHEN o.status IN (''paid'', ''partially_refunded'') THEN ''sold'' ELSE ''held'' END) AS seats
			FROM unnest($1::int[], $2::uuid[], $3::text[]) AS w(n, e, sid)
			JOIN event_seats s ON s.event_id = w.e AND s.seat_id = w.sid
			LEFT JOIN orders o ON o.id = s.order_id
			WHERE w.n = ANY($4)
			GROUP BY w.n
		) r'
	INTO v_worded, v_words
	USING v_wn, v_we, v_ws, v_failed;
	IF cardinality(v_worded) = cardinality(v_failed) THEN
		FOR i IN 1 .. cardinality(v_worded) LOOP
			v_results[v_worded[i]] := jsonb_build_object('status', 'taken', 'seats', v_words[i]);
		END LOOP;
		RETURN to_jsonb(v_results);
	END IF;

	FOREACH i IN ARRAY v_failed LOOP
		SELECT array_agg(w.e ORDER BY w.e, w.sid), array_agg(w.sid ORDER BY w.e, w.sid),
			array_agg(w.t ORDER BY w.e, w.sid), array_agg(w.o ORDER BY w.e, w.sid)
		INTO v_events, v_ids, v_types, v_orders
		FROM unnest(v_wn, v_we, v_ws, v_wt, v_wo) AS w(n, e, sid, t, o)
		WHERE w.n = i;
		-- A second try when none of its seats has a row now: each was given back by a claim of
		-- this batch (which held it until then: another checkout wanting it waits for this one).
		-- Only a seat freed and wanted elsewhere meanwhile can make this insert wait; a deadlock
		-- there fails the batch, and the server claims its checkouts one by one.
		EXECUTE 'SELECT EXISTS (
				SELECT 1 FROM event_seats s JOIN unnest($1::uuid[], $2::text[]) AS x(e, sid)
					ON s.event_id = x.e AND s.seat_id = x.sid
			)'
		INTO v_any
		USING v_events, v_ids;
		IF NOT v_any THEN
			WITH took AS (
				INSERT INTO event_seats (event_id, seat_id, ticket_type_id, claimed_until, order_id)
				SELECT x.e, x.sid, x.t, p_claimed_until, x.o
				FROM unnest(v_events, v_ids, v_types, v_orders) AS x(e, sid, t, o)
				ORDER BY x.e, x.sid
				ON CONFLICT DO NOTHING
				RETURNING event_id, seat_id
			)
			SELECT coalesce(array_agg(took.event_id), '{}'), coalesce(array_agg(took.seat_id), '{}')
			INTO v_te, v_ts
			FROM took;
			IF cardinality(v_ts) = cardinality(v_ids) THEN
				v_results[i] := '{"status":"claimed"}'::jsonb;
				CONTINUE;
			END IF;
			EXECUTE 'DELETE FROM event_seats s
				USING unnest($1::uuid[], $2::text[]) AS x(e, sid)
				WHERE s.event_id = x.e AND s.seat_id = x.sid'
			USING v_te, v_ts;
		END IF;
		EXECUTE 'SELECT jsonb_object_agg(s.seat_id,
				CASE WHEN o.status IN (''paid'', ''partially_refunded'') THEN ''sold'' ELSE ''held'' END)
			FROM unnest($1::uuid[], $2::text[]) AS x(e, sid)
			JOIN event_seats s ON s.event_id = x.e AND s.seat_id = x.sid
			LEFT JOIN orders o ON o.id = s.order_id'
		INTO v_taken
		USING v_events, v_ids;
		v_results[i] := jsonb_build_object('status', 'taken', 'seats', coalesce(v_taken, '{}'::jsonb));
	END LOOP;
	RETURN to_jsonb(v_results);
END
$$;

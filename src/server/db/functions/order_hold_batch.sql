-- order_hold_batch: the checkout hold of the common order, in the database (docs/decisions/006,
-- 027). This file is the function's source: src/server/db/migrate.ts applies every file in
-- db/functions after the migrations, under the same advisory lock, so a change here is a plain
-- diff of the function instead of a copy in a new migration. It restates checkout rules of the
-- general path in orders.service.ts; orders/hold-paths.int.test.ts sends random orders through
-- both and requires the same outcome and the same words.
--
-- Holds in batches: the server gathers the holds that arrive while one batch is in the
-- database and sends them together, so a flash sale costs one round trip,
-- one commit and one stock UPDATE per batch instead of per order (each statement costs tens of
-- microseconds here: the per-order work is set-based). Each order is decided on its own, with
-- the rules of the general path:
--   {"status":"slow"}    the general path must decide and word it (a type missing, hidden, free,
--                        limited per person, off sale, outside its per-order limits, mixed
--                        currencies, sold by seat without seats, of an event that requires
--                        company details); this never accepts an order
--                        that path would refuse;
--   {"status":"replay"}  the idempotency key already has an order (or an earlier one of the batch);
--   {"status":"short","lines":[{ticketTypeId,remaining}],"expirable":bool}
--                        not enough stock, first come first served in the batch's order;
--                        expirable: due holds of these types could give some back;
--   {"status":"short","lines":[],"pool":{poolId,remaining},"expirable":bool}
--                        every type has enough, but a capacity pool they share does not
--                        (decision 052): the first short pool in id order, as the general path
--                        takes pools after the types, in id order;
--   {"status":"created","orderId","currency","subtotalCents","items":[…]};
--   {"status":"fits"}    a probe (below) that would have been created: nothing was taken.
-- The batch first locks every ticket type it names, in id order (the order every stock taker
-- uses), then the capacity pools those types draw on, in id order, so its stock reads stay exact
-- until it commits and it cannot deadlock with another checkout. With p_lock_late (a seat
-- checkout's batch, seat_hold_batch, decision 158) it reads them unlocked, decides and writes its
-- orders, and takes the same locks in the same order only just before its guarded stock UPDATEs:
-- the lock then covers the UPDATEs and the commit, not the whole batch, so the next batch's holds
-- need not wait for this one's checks and inserts. Its decisions use stock read a moment earlier:
-- an order counted as fitting that no longer fits fails the guarded UPDATE (MEA02, below), and
-- one refused as short was refused by the stock of a moment earlier. A seat batch's stock cannot
-- run short anyway: each seat is one unit of its type, taken once by the (event, seat) key. The stock is then taken with one
-- guarded UPDATE (remaining >= n) per type and one per pool; if that
-- ever took less than counted, or an order's insert met a concurrent one with the same
-- idempotency key, the batch raises MEA02 and rolls back whole, and the server retries its orders
-- one by one.
--
-- p_orders: [{userId, lines: [{ticketTypeId, quantity}] (merged, sorted by id), seated (the
-- seats are already taken, decision 072), seats: {eventId, seatIds} or absent (the seats
-- seat_claim took for this order: a created order is written into their rows), orderId or absent
-- (the id a created order takes: seat_hold_batch's claim already wrote it into the seats' rows, so
-- they are not written again), idempotencyKey, requestHash, now, reservedUntil, session: {id, url} (a local checkout page;
-- other keys sent by an earlier release are not read) or null, answers: [[questionId, ticketTypeId or null, ordinal, value]] or absent (the checked
-- answers to the checkout questions, decision 050: written with a created order, in this
-- statement), probe: true or absent}]; returns one result per order, in the same order.
-- A probe asks whether the order would be held without holding it: it is decided like the others
-- (and sees the stock the batch's earlier orders took) but takes nothing and writes nothing. The
-- server probes a type it last saw sold out before it checks a buyer's answers, so a sold-out
-- refusal costs the same with or without questions (decision 071).
DROP FUNCTION IF EXISTS order_hold_batch(text, jsonb);

CREATE OR REPLACE FUNCTION order_hold_batch(
	p_provider text,
	p_orders jsonb,
	p_lock_late boolean DEFAULT false
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	v_count integer := jsonb_array_length(p_orders);
	-- Per order (1-based, in the batch's order).
	v_checked jsonb;
	v_known boolean[];
	v_ok boolean[];
	v_probe boolean[];
	v_keys text[];
	v_user_ids uuid[];
	v_idempotency_keys text[];
	v_nlines integer[];
	v_first integer[] := '{}';
	v_status text[] := '{}';
	-- Per line of every order, flattened in (order, line) order.
	v_line_types uuid[];
	v_line_qty integer[];
	v_line_left integer[] := '{}';
	-- The locked stock.
	v_stock_types uuid[];
	v_stock integer[];
	-- The locked capacity pools, and which of the batch's types draw on which (parallel arrays).
	v_pool_ids uuid[] := '{}';
	v_pool_stock integer[] := '{}';
	v_mem_pools uuid[] := '{}';
	v_mem_types uuid[] := '{}';
	v_now_pools uuid[];
	v_now_mem_pools uuid[] := '{}';
	v_now_mem_types uuid[] := '{}';
	v_need integer[];
	-- Per order refused by a pool: the pool's place in v_pool_ids and what it had left.
	v_short_pool integer[] := '{}';
	v_short_left integer[] := '{}';
	v_p integer;
	v_m integer;
	v_taken_keys text[] := '{}';
	-- The created orders' seats (event, seat, order), for a seat checkout's batch.
	v_seat_events uuid[];
	v_seat_ids text[];
	v_seat_orders uuid[];
	v_short_types uuid[] := '{}';
	v_expirable uuid[] := '{}';
	v_fits boolean;
	v_accepted integer := 0;
	v_inserted integer;
	v_taken integer;
	v_wanted integer;
	v_pos integer := 1;
	v_s integer;
	v_i integer;
	v_j integer;
BEGIN
	-- Holds are soft state until paid (decision 006): commit without waiting for the flush.
	PERFORM set_config('synchronous_commit', 'off', true);

	IF p_lock_late THEN
		SELECT coalesce(array_agg(id ORDER BY id), '{}'), coalesce(array_agg(remaining ORDER BY id), '{}')
		INTO v_stock_types, v_stock
		FROM ticket_types
		WHERE id IN (
			SELECT (line->>'ticketTypeId')::uuid
			FROM jsonb_array_elements(p_orders) AS o(item), jsonb_array_elements(item->'lines') AS l(line)
		);
		SELECT coalesce(array_agg(p.id ORDER BY p.id), '{}'), coalesce(array_agg(p.remaining ORDER BY p.id), '{}')
		INTO v_pool_ids, v_pool_stock
		FROM capacity_pools p
		WHERE p.id IN (
			SELECT m.pool_id FROM capacity_pool_ticket_types m WHERE m.ticket_type_id = ANY(v_stock_types)
		);
	ELSE
		SELECT coalesce(array_agg(id ORDER BY id), '{}'), coalesce(array_agg(remaining ORDER BY id), '{}')
		INTO v_stock_types, v_stock
		FROM (
			SELECT id, remaining FROM ticket_types
			WHERE id IN (
				SELECT (line->>'ticketTypeId')::uuid
				FROM jsonb_array_elements(p_orders) AS o(item), jsonb_array_elements(item->'lines') AS l(line)
			)
			ORDER BY id
			FOR NO KEY UPDATE
		) locked;

		-- The pools of these types, locked after them in id order. Read in statements of their own
		-- once the types are locked: a membership change locks the types it touches first, so what
		-- is read here stays true until this batch commits.
		SELECT coalesce(array_agg(id ORDER BY id), '{}'), coalesce(array_agg(remaining ORDER BY id), '{}')
		INTO v_pool_ids, v_pool_stock
		FROM (
			SELECT p.id, p.remaining FROM capacity_pools p
			WHERE p.id IN (
				SELECT m.pool_id FROM capacity_pool_ticket_types m WHERE m.ticket_type_id = ANY(v_stock_types)
			)
			ORDER BY p.id
			FOR NO KEY UPDATE
		) locked;
	END IF;
	IF cardinality(v_pool_ids) > 0 THEN
		SELECT array_agg(m.pool_id ORDER BY m.pool_id, m.ticket_type_id),
			array_agg(m.ticket_type_id ORDER BY m.pool_id, m.ticket_type_id)
		INTO v_mem_pools, v_mem_types
		FROM capacity_pool_ticket_types m
		WHERE m.ticket_type_id = ANY(v_stock_types) AND m.pool_id = ANY(v_pool_ids);
	END IF;

	-- Each order checked as the general path would, with its idempotency key looked up.
	WITH o AS (
		SELECT n, item, (item->>'now')::timestamptz AS now
		FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS o(item, n)
	), l AS (
		SELECT o.n, o.now, l.k, l."ticketTypeId" AS type_id, l.quantity,
			coalesce((o.item->>'seated')::boolean, false) AS seated, (o.item->>'orderId')::uuid AS order_id
		FROM o, ROWS FROM (jsonb_to_recordset(o.item->'lines') AS ("ticketTypeId" uuid, quantity integer))
			WITH ORDINALITY AS l("ticketTypeId", quantity, k)
	), checked AS (
		SELECT
			l.n,
			count(*) AS lines,
			count(t.id) = count(*)
				AND bool_and(
					NOT t.is_hidden
					AND t.max_per_person IS NULL
					AND e.event_status = 'published'
					AND coalesce(e.ends_at, e.starts_at) > l.now
					AND (t.sales_start IS NULL OR t.sales_start <= l.now)
					AND (t.sales_end IS NULL OR t.sales_end > l.now)
					AND l.quantity BETWEEN t.min_per_order AND t.max_per_order
					-- Stock that returns while people wait is the waiting list's (decision 054).
					AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.ticket_type_id = t.id AND w.status = 'waiting')
					-- Products and tickets that require an add-on: the general path checks add-on rules.
					AND (t.kind = 'admission' AND NOT EXISTS (SELECT 1 FROM product_add_on_rules r WHERE r.ticket_type_id = t.id AND r.min_per_ticket > 0))
					-- Tax on top of a tax-exclusive price changes the amount: the general path (decision 058).
					AND (t.tax_rate_id IS NULL OR e.prices_include_tax)
					-- An event that requires company details: the general path refuses an order without
					-- them (decision 060), so the checkout need not read the settings before holding.
					AND NOT EXISTS (SELECT 1 FROM event_billing_settings b WHERE b.event_id = t.event_id AND b.billing_details_required)
					-- A type sold by seat is sold only with its seats (decision 072): the general path refuses it.
					AND (l.seated OR NOT EXISTS (
						SELECT 1 FROM event_seating s, jsonb_each_text(s.ticket_types) m
						WHERE s.event_id = t.event_id AND m.value = t.id::text))
				)
				AND min(t.currency) = max(t.currency)
				AND sum(t.price_cents * l.quantity) > 0 AS ok,
			-- What a created order needs: ids made here, so nothing has to be read back.
			jsonb_build_object(
				'orderId', coalesce((array_agg(l.order_id))[1], gen_random_uuid()),
				'currency', min(t.currency),
				'subtotal', sum(t.price_cents * l.quantity),
				'tax', coalesce(sum(tx.tax), 0),
				'lines', jsonb_agg(jsonb_build_object(
					'id', gen_random_uuid(),
					'eventId', t.event_id,
					'eventTitle', e.title,
					'ticketTypeId', t.id,
					'ticketTypeName', t.name,
					'quantity', l.quantity,
					'unitPriceCents', t.price_cents,
					'taxRateId', tr.id,
					'taxName', tr.name,
					'taxRate', coalesce(tr.rate_thousandths, 0),
					'taxCents', coalesce(tx.tax, 0)
				) ORDER BY l.k)
			) AS summary
		FROM l
		LEFT JOIN ticket_types t ON t.id = l.type_id
		LEFT JOIN events e ON e.id = t.event_id
		LEFT JOIN tax_rates tr ON tr.id = t.tax_rate_id
		-- The line's tax inside its tax-inclusive price, rounded half up on the line, as
		-- modules/taxes/tax-lines.ts computes it.
		LEFT JOIN LATERAL (
			SELECT (2 * t.price_cents::bigint * l.quantity * tr.rate_thousandths + 100000 + tr.rate_thousandths)
				/ (2 * (100000 + tr.rate_thousandths)) AS tax
		) tx ON tr.id IS NOT NULL
		GROUP BY l.n
	)
	SELECT
		jsonb_agg(c.summary ORDER BY o.n),
		array_agg(c.ok ORDER BY o.n),
		array_agg((o.item->>'userId') || ' ' || (o.item->>'idempotencyKey') ORDER BY o.n),
		array_agg(c.lines ORDER BY o.n),
		array_agg((o.item->>'userId')::uuid ORDER BY o.n),
		array_agg(o.item->>'idempotencyKey' ORDER BY o.n),
		array_agg(coalesce((o.item->>'probe')::boolean, false) ORDER BY o.n)
	INTO v_checked, v_ok, v_keys, v_nlines, v_user_ids, v_idempotency_keys, v_probe
	FROM o JOIN checked c ON c.n = o.n;

	-- Keys that already have an order. Planned on each call (EXECUTE): a plan cached while the
	-- table's statistics are still empty (a fresh database) can pick the per-user index and
	-- read every order of the buyer instead of the (user_id, idempotency_key) one.
	EXECUTE 'SELECT array_agg(EXISTS (
			SELECT 1 FROM orders x WHERE x.user_id = k.user_id AND x.idempotency_key = k.key
		) ORDER BY k.n)
		FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS k(user_id, key, n)'
	INTO v_known
	USING v_user_ids, v_idempotency_keys;

	SELECT array_agg(l."ticketTypeId" ORDER BY o.n, l.k), array_agg(l.quantity ORDER BY o.n, l.k)
	INTO v_line_types, v_line_qty
	FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS o(item, n),
		ROWS FROM (jsonb_to_recordset(o.item->'lines') AS ("ticketTypeId" uuid, quantity integer))
			WITH ORDINALITY AS l("ticketTypeId", quantity, k);

	-- First come, first served: each order takes all of its lines from the counted stock or none.
	FOR v_i IN 1 .. v_count LOOP
		v_first[v_i] := v_pos;
		v_pos := v_pos + v_nlines[v_i];
		IF v_known[v_i] OR (v_keys[v_i] IS NOT NULL AND v_keys[v_i] = ANY(v_taken_keys)) THEN
			v_status[v_i] := 'replay';
			CONTINUE;
		END IF;
		IF v_ok[v_i] IS NOT TRUE THEN
			v_status[v_i] := 'slow';
			CONTINUE;
		END IF;
		v_fits := true;
		FOR v_j IN v_first[v_i] .. v_pos - 1 LOOP
			v_s := array_position(v_stock_types, v_line_types[v_j]);
			IF v_stock[v_s] < v_line_qty[v_j] THEN
				v_fits := false;
				v_line_left[v_j] := v_stock[v_s];
				v_short_types := v_short_types || v_line_types[v_j];
			END IF;
		END LOOP;
		IF NOT v_fits THEN
			v_status[v_i] := 'short';
			CONTINUE;
		END IF;
		-- Every pool the lines draw on, summed over the lines, checked in id order.
		IF cardinality(v_pool_ids) > 0 THEN
			v_need := array_fill(0, ARRAY[cardinality(v_pool_ids)]);
			FOR v_j IN v_first[v_i] .. v_pos - 1 LOOP
				FOR v_m IN 1 .. cardinality(v_mem_types) LOOP
					IF v_mem_types[v_m] = v_line_types[v_j] THEN
						v_p := array_position(v_pool_ids, v_mem_pools[v_m]);
						v_need[v_p] := v_need[v_p] + v_line_qty[v_j];
					END IF;
				END LOOP;
			END LOOP;
			FOR v_p IN 1 .. cardinality(v_pool_ids) LOOP
				IF v_need[v_p] > v_pool_stock[v_p] THEN
					v_fits := false;
					v_short_pool[v_i] := v_p;
					v_short_left[v_i] := v_pool_stock[v_p];
					SELECT v_short_types || coalesce(array_agg(t), '{}') INTO v_short_types
					FROM unnest(v_mem_pools, v_mem_types) AS m(p, t) WHERE m.p = v_pool_ids[v_p];
					EXIT;
				END IF;
			END LOOP;
			IF NOT v_fits THEN
				v_status[v_i] := 'short';
				CONTINUE;
			END IF;
		END IF;
		IF v_probe[v_i] THEN
			v_status[v_i] := 'fits';
			CONTINUE;
		END IF;
		IF cardinality(v_pool_ids) > 0 THEN
			FOR v_p IN 1 .. cardinality(v_pool_ids) LOOP
				v_pool_stock[v_p] := v_pool_stock[v_p] - v_need[v_p];
			END LOOP;
		END IF;
		FOR v_j IN v_first[v_i] .. v_pos - 1 LOOP
			v_s := array_position(v_stock_types, v_line_types[v_j]);
			v_stock[v_s] := v_stock[v_s] - v_line_qty[v_j];
		END LOOP;
		IF v_keys[v_i] IS NOT NULL THEN
			v_taken_keys := v_taken_keys || v_keys[v_i];
		END IF;
		v_status[v_i] := 'created';
		v_accepted := v_accepted + 1;
	END LOOP;

	IF v_accepted > 0 THEN
		WITH created AS (
			INSERT INTO orders (
				id, user_id, currency, subtotal_cents, total_cents, tax_cents, reserved_until, idempotency_key,
				request_hash, provider, payment_session_id, checkout_url, created_at, updated_at
			)
			SELECT (c->>'orderId')::uuid, (a->>'userId')::uuid, c->>'currency', (c->>'subtotal')::integer,
				(c->>'subtotal')::integer, (c->>'tax')::integer, (a->>'reservedUntil')::timestamptz, a->>'idempotencyKey',
				a->>'requestHash', p_provider, a->'session'->>'id', a->'session'->>'url',
				(a->>'now')::timestamptz, (a->>'now')::timestamptz
			FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(a, n)
			JOIN LATERAL (SELECT v_checked->(n::integer - 1) AS c) checked ON true
			WHERE v_status[n] = 'created'
			ON CONFLICT DO NOTHING
			RETURNING id
		)
		SELECT count(*) INTO v_inserted FROM created;
		-- A concurrent request with the same key committed first: its orders decide one by one.
		IF v_inserted < v_accepted THEN
			IF v_count > 1 THEN
				RAISE EXCEPTION 'idempotency key taken concurrently' USING ERRCODE = 'MEA02';
			END IF;
			RETURN '[{"status":"replay"}]'::jsonb;
		END IF;

		INSERT INTO order_items (
			id, order_id, event_id, ticket_type_id, quantity, unit_price_cents,
			tax_rate_id, tax_name, tax_rate_thousandths, tax_cents
		)
		SELECT (line->>'id')::uuid, (c->>'orderId')::uuid, (line->>'eventId')::uuid,
			(line->>'ticketTypeId')::uuid, (line->>'quantity')::integer, (line->>'unitPriceCents')::integer,
			(line->>'taxRateId')::uuid, line->>'taxName', (line->>'taxRate')::integer, (line->>'taxCents')::integer
		FROM jsonb_array_elements(v_checked) WITH ORDINALITY AS x(c, n),
			jsonb_array_elements(c->'lines') WITH ORDINALITY AS l(line, k)
		WHERE v_status[n] = 'created'
		ORDER BY n, k;

		-- A seat checkout's seats, claimed by seat_claim just before (decision 091): they belong
		-- to the order from the statement that creates it. Planned on each call (EXECUTE) with
		-- the seats' count known: a cached plan, made while the event had few seat rows, scanned
		-- all of the event's seats for every order of the batch (decision 125).
		SELECT array_agg((a->'seats'->>'eventId')::uuid), array_agg(seat.id), array_agg((c->>'orderId')::uuid)
		INTO v_seat_events, v_seat_ids, v_seat_orders
		FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(a, n)
		JOIN LATERAL (SELECT v_checked->(n::integer - 1) AS c) checked ON true
		CROSS JOIN LATERAL jsonb_array_elements_text(a->'seats'->'seatIds') AS seat(id)
		WHERE v_status[n] = 'created' AND a->>'orderId' IS NULL;
		IF v_seat_ids IS NOT NULL THEN
			EXECUTE 'UPDATE event_seats s SET order_id = x.o
				FROM unnest($1::uuid[], $2::text[], $3::uuid[]) AS x(e, sid, o)
				WHERE s.event_id = x.e AND s.seat_id = x.sid AND s.order_id IS NULL'
			USING v_seat_events, v_seat_ids, v_seat_orders;
		END IF;

		-- The buyers' answers, checked by the server before the hold. An answer to a question
		-- deleted since is dropped, as deleting a question deletes its answers.
		INSERT INTO question_answers (order_id, question_id, ticket_type_id, ordinal, value, updated_at)
		SELECT (c->>'orderId')::uuid, (r->>0)::uuid, (r->>1)::uuid, (r->>2)::integer, r->3,
			(a->>'now')::timestamptz
		FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(a, n)
		JOIN LATERAL (SELECT v_checked->(n::integer - 1) AS c) checked ON true
		CROSS JOIN LATERAL jsonb_array_elements(a->'answers') AS r
		WHERE v_status[n] = 'created'
			AND EXISTS (SELECT 1 FROM event_questions q WHERE q.id = (r->>0)::uuid);

		-- The local provider's hosted checkout pages: the page's id, order and expiry only. What it
		-- shows (amount, lines, description, return URLs) is drawn from the order when it is opened
		-- (payments.queries findLocalSession), as platform/payments/local.ts would have stored it:
		-- a wide row was a quarter of a flash sale hold's work (decision 165).
		IF p_provider = 'local' THEN
			INSERT INTO local_checkout_sessions (id, order_id, expires_at, created_at)
			SELECT
				a->'session'->>'id', (c->>'orderId')::uuid,
				(a->>'reservedUntil')::timestamptz, (a->>'now')::timestamptz
			FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(a, n)
			JOIN LATERAL (SELECT v_checked->(n::integer - 1) AS c) checked ON true
			WHERE v_status[n] = 'created' AND a->'session'->>'id' IS NOT NULL;
		END IF;

		-- A late lock (p_lock_late): the types, then their pools, each in id order, as above. The
		-- pools and memberships read unlocked must still be the ones the types draw on: a
		-- membership change locks the types first, so once they are locked this re-read is exact,
		-- and a batch that counted other pools is refused whole (MEA02), as a short UPDATE is.
		IF p_lock_late THEN
			PERFORM 1 FROM ticket_types WHERE id = ANY(v_stock_types) ORDER BY id FOR NO KEY UPDATE;
			SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO v_now_pools
			FROM (
				SELECT p.id FROM capacity_pools p
				WHERE p.id IN (
					SELECT m.pool_id FROM capacity_pool_ticket_types m WHERE m.ticket_type_id = ANY(v_stock_types)
				)
				ORDER BY p.id
				FOR NO KEY UPDATE
			) locked;
			IF cardinality(v_now_pools) > 0 THEN
				SELECT array_agg(m.pool_id ORDER BY m.pool_id, m.ticket_type_id),
					array_agg(m.ticket_type_id ORDER BY m.pool_id, m.ticket_type_id)
				INTO v_now_mem_pools, v_now_mem_types
				FROM capacity_pool_ticket_types m
				WHERE m.ticket_type_id = ANY(v_stock_types) AND m.pool_id = ANY(v_now_pools);
			END IF;
			IF v_now_pools <> v_pool_ids OR v_now_mem_pools IS DISTINCT FROM v_mem_pools
				OR v_now_mem_types IS DISTINCT FROM v_mem_types THEN
				RAISE EXCEPTION 'capacity pools changed under the batch' USING ERRCODE = 'MEA02';
			END IF;
		END IF;

		-- Stock last: one guarded UPDATE per ticket type for the whole batch.
		WITH wanted AS (
			SELECT v_line_types[j] AS id, sum(v_line_qty[j]) AS quantity
			FROM generate_subscripts(v_status, 1) AS n,
				generate_series(v_first[n], v_first[n] + v_nlines[n] - 1) AS j
			WHERE v_status[n] = 'created'
			GROUP BY 1
		), taken AS (
			UPDATE ticket_types t SET remaining = t.remaining - w.quantity
			FROM wanted w
			WHERE t.id = w.id AND t.remaining >= w.quantity
			RETURNING t.id
		)
		SELECT (SELECT count(*) FROM taken), (SELECT count(*) FROM wanted) INTO v_taken, v_wanted;
		IF v_taken <> v_wanted THEN
			RAISE EXCEPTION 'stock changed under the batch' USING ERRCODE = 'MEA02';
		END IF;

		-- Then one guarded UPDATE per capacity pool, its lines summed over the batch's orders.
		IF cardinality(v_pool_ids) > 0 THEN
			WITH wanted AS (
				SELECT m.pool_id AS id, sum(v_line_qty[j]) AS quantity
				FROM generate_subscripts(v_status, 1) AS n,
					generate_series(v_first[n], v_first[n] + v_nlines[n] - 1) AS j,
					unnest(v_mem_pools, v_mem_types) AS m(pool_id, type_id)
				WHERE v_status[n] = 'created' AND m.type_id = v_line_types[j]
				GROUP BY 1
			), taken AS (
				UPDATE capacity_pools p SET remaining = p.remaining - w.quantity
				FROM wanted w
				WHERE p.id = w.id AND p.remaining >= w.quantity
				RETURNING p.id
			)
			SELECT (SELECT count(*) FROM taken), (SELECT count(*) FROM wanted) INTO v_taken, v_wanted;
			IF v_taken <> v_wanted THEN
				RAISE EXCEPTION 'pool stock changed under the batch' USING ERRCODE = 'MEA02';
			END IF;
		END IF;
	END IF;

	IF cardinality(v_short_types) > 0 THEN
		SELECT coalesce(array_agg(DISTINCT i.ticket_type_id), '{}') INTO v_expirable
		FROM orders o JOIN order_items i ON i.order_id = o.id
		WHERE o.status = 'pending'
			AND o.reserved_until <= (SELECT max((item->>'now')::timestamptz) FROM jsonb_array_elements(p_orders) AS x(item))
			AND i.ticket_type_id = ANY(v_short_types);
	END IF;

	-- Results in the batch's order.
	RETURN (
		SELECT jsonb_agg(
			CASE v_status[n]
				WHEN 'created' THEN jsonb_build_object(
					'status', 'created',
					'orderId', c->'orderId',
					'currency', c->'currency',
					'subtotalCents', c->'subtotal',
					'items', c->'lines')
				WHEN 'short' THEN CASE WHEN v_short_pool[n] IS NOT NULL THEN jsonb_build_object(
					'status', 'short',
					'lines', '[]'::jsonb,
					'pool', jsonb_build_object(
						'poolId', v_pool_ids[v_short_pool[n]], 'remaining', v_short_left[n]),
					'expirable', EXISTS (
						SELECT 1 FROM unnest(v_mem_pools, v_mem_types) AS m(p, t)
						WHERE m.p = v_pool_ids[v_short_pool[n]] AND m.t = ANY(v_expirable)))
				ELSE (
					SELECT jsonb_build_object(
						'status', 'short',
						'lines', jsonb_agg(jsonb_build_object(
							'ticketTypeId', v_line_types[j], 'remaining', v_line_left[j]) ORDER BY j),
						'expirable', bool_or(v_line_types[j] = ANY(v_expirable)))
					FROM generate_series(v_first[n], v_first[n] + v_nlines[n] - 1) AS j
					WHERE v_line_left[j] IS NOT NULL
				) END
				ELSE jsonb_build_object('status', v_status[n])
			END
			ORDER BY n)
		FROM jsonb_array_elements(v_checked) WITH ORDINALITY AS x(c, n)
	);
END
$$;

-- The checkout's hold in one round trip (docs/decisions/006): checks, order, items, the local
-- provider's checkout session and the guarded stock decrements, atomically in one statement.
--
-- It only takes the common case and answers {"status":"slow"} for everything else (a type that
-- is missing, hidden, free, limited per person, off sale, outside its per-order limits, mixed
-- currencies), so the service's general path gives the exact message; it must never accept an
-- order that path would refuse. {"status":"short"} lists the lines whose stock (read without a
-- lock) is too low; {"status":"replay"} means the idempotency key already has an order.
-- The guarded UPDATE stays the authority: when it takes no row the function raises SQLSTATE
-- MEA01 (detail: {"ticketTypeId","remaining"}) and the whole statement, inserts included, rolls back.
CREATE FUNCTION "order_hold"(
	p_user_id uuid,
	p_type_ids uuid[],
	p_quantities integer[],
	p_idempotency_key text,
	p_request_hash text,
	p_now timestamptz,
	p_reserved_until timestamptz,
	p_provider text,
	p_session_id text,
	p_checkout_url text,
	p_success_url text,
	p_cancel_url text,
	p_cancel_url_one_event text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	v_ok boolean;
	v_short jsonb;
	v_currency text;
	v_subtotal integer;
	v_lines jsonb;
	v_order_id uuid;
	v_items jsonb;
	v_line record;
	v_left integer;
BEGIN
	IF p_idempotency_key IS NOT NULL AND EXISTS (
		SELECT 1 FROM orders WHERE user_id = p_user_id AND idempotency_key = p_idempotency_key
	) THEN
		RETURN '{"status":"replay"}'::jsonb;
	END IF;

	SELECT
		count(t.id) = cardinality(p_type_ids)
			AND bool_and(
				NOT t.is_hidden
				AND t.max_per_person IS NULL
				AND e.event_status = 'published'
				AND coalesce(e.ends_at, e.starts_at) > p_now
				AND (t.sales_start IS NULL OR t.sales_start <= p_now)
				AND (t.sales_end IS NULL OR t.sales_end > p_now)
				AND l.quantity BETWEEN t.min_per_order AND t.max_per_order
			)
			AND count(DISTINCT t.currency) = 1
			AND sum(t.price_cents * l.quantity) > 0,
		jsonb_agg(jsonb_build_object('ticketTypeId', t.id, 'remaining', t.remaining) ORDER BY l.n)
			FILTER (WHERE t.remaining < l.quantity),
		min(t.currency),
		sum(t.price_cents * l.quantity),
		jsonb_agg(jsonb_build_object(
			'eventId', t.event_id,
			'eventTitle', e.title,
			'ticketTypeId', t.id,
			'ticketTypeName', t.name,
			'quantity', l.quantity,
			'unitPriceCents', t.price_cents
		) ORDER BY l.n)
	INTO v_ok, v_short, v_currency, v_subtotal, v_lines
	FROM unnest(p_type_ids, p_quantities) WITH ORDINALITY AS l(type_id, quantity, n)
	LEFT JOIN ticket_types t ON t.id = l.type_id
	LEFT JOIN events e ON e.id = t.event_id;

	IF v_ok IS NOT TRUE THEN
		RETURN '{"status":"slow"}'::jsonb;
	END IF;
	IF v_short IS NOT NULL THEN
		RETURN jsonb_build_object('status', 'short', 'lines', v_short);
	END IF;

	-- A hold is soft state until paid (decision 006): commit it without waiting for the flush.
	PERFORM set_config('synchronous_commit', 'off', true);

	INSERT INTO orders (
		user_id, currency, subtotal_cents, total_cents, reserved_until, idempotency_key,
		request_hash, provider, payment_session_id, checkout_url, created_at, updated_at
	) VALUES (
		p_user_id, v_currency, v_subtotal, v_subtotal, p_reserved_until, p_idempotency_key,
		p_request_hash, p_provider, p_session_id, p_checkout_url, p_now, p_now
	)
	ON CONFLICT DO NOTHING
	RETURNING id INTO v_order_id;
	-- Another request with this key committed first (the insert waited for it).
	IF v_order_id IS NULL THEN
		RETURN '{"status":"replay"}'::jsonb;
	END IF;

	WITH created AS (
		INSERT INTO order_items (order_id, event_id, ticket_type_id, quantity, unit_price_cents)
		SELECT v_order_id, (line->>'eventId')::uuid, (line->>'ticketTypeId')::uuid,
			(line->>'quantity')::integer, (line->>'unitPriceCents')::integer
		FROM jsonb_array_elements(v_lines) WITH ORDINALITY AS l(line, n)
		ORDER BY n
		RETURNING id, ticket_type_id
	)
	SELECT jsonb_agg(line || jsonb_build_object('id', c.id) ORDER BY n)
	INTO v_items
	FROM jsonb_array_elements(v_lines) WITH ORDINALITY AS l(line, n)
	JOIN created c ON c.ticket_type_id = (line->>'ticketTypeId')::uuid;

	-- The local provider's hosted checkout page, as platform/payments/local.ts writes it.
	IF p_session_id IS NOT NULL AND p_provider = 'local' THEN
		INSERT INTO local_checkout_sessions (
			id, order_id, amount_cents, currency, description, lines, success_url, cancel_url,
			expires_at, created_at
		)
		SELECT
			p_session_id, v_order_id, v_subtotal, v_currency,
			(SELECT string_agg(title, ', ' ORDER BY first) FROM (
				SELECT line->>'eventTitle' AS title, min(n) AS first
				FROM jsonb_array_elements(v_lines) WITH ORDINALITY AS l(line, n)
				GROUP BY 1
			) titles),
			(SELECT jsonb_agg(jsonb_build_object(
				'label', (line->>'eventTitle') || ' · ' || (line->>'ticketTypeName'),
				'unitAmountCents', (line->>'unitPriceCents')::integer,
				'quantity', (line->>'quantity')::integer
			) ORDER BY n) FROM jsonb_array_elements(v_lines) WITH ORDINALITY AS l(line, n)),
			p_success_url,
			CASE WHEN (SELECT count(DISTINCT line->>'eventId') FROM jsonb_array_elements(v_lines) AS l(line)) = 1
				THEN replace(p_cancel_url_one_event, '{EVENT_ID}', v_lines->0->>'eventId')
				ELSE p_cancel_url
			END,
			p_reserved_until, p_now;
	END IF;

	-- Stock last, in the caller's (id) order: the contended rows stay locked only from here to
	-- the commit right after this statement.
	FOR v_line IN
		SELECT l.type_id, l.quantity
		FROM unnest(p_type_ids, p_quantities) WITH ORDINALITY AS l(type_id, quantity, n)
		ORDER BY l.n
	LOOP
		UPDATE ticket_types SET remaining = remaining - v_line.quantity
		WHERE id = v_line.type_id AND remaining >= v_line.quantity;
		IF NOT FOUND THEN
			SELECT remaining INTO v_left FROM ticket_types WHERE id = v_line.type_id;
			RAISE EXCEPTION 'not enough stock' USING
				ERRCODE = 'MEA01',
				DETAIL = jsonb_build_object('ticketTypeId', v_line.type_id, 'remaining', coalesce(v_left, 0))::text;
		END IF;
	END LOOP;

	RETURN jsonb_build_object(
		'status', 'created',
		'orderId', v_order_id,
		'currency', v_currency,
		'subtotalCents', v_subtotal,
		'items', v_items
	);
END
$$;

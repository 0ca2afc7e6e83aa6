-- seat_hold_batch: seat checkouts that arrive together take their seats and are held in one
-- statement, one round trip and one commit, as count-only checkouts are by order_hold_batch
-- (docs/decisions/006, 098, 118). This file is the function's source, applied by
-- src/server/db/migrate.ts like the two functions it joins.
--
-- It runs seat_claim_batch (every rule of the claim unchanged: replay, due, closed orders locked
-- in id order, one insert in (event, seat) order, the second try for a seat freed by a failed
-- neighbour), then order_hold_batch for the checkouts whose seats are all theirs now. The (event,
-- seat) primary key is still the guarantee that a seat belongs to one order at most; the ticket
-- types are locked after the seats, as when the two ran one after the other.
--
-- Each checkout's order id is drawn here first: the claim writes it into the seats' rows in the
-- insert that takes them, and the hold creates the order under it, so a seat row is written once
-- instead of inserted and then updated with its three indexes and two triggers, inside the ticket
-- types' lock (decision 146). The rows refer to an order that exists only once the hold has run,
-- so the key to orders is deferred (migration 0080) until the end of this function: the claimed
-- checkouts whose order was not created have their rows' order id cleared first, then the key is
-- checked (IMMEDIATE) before the function returns, for every row it wrote.
--
-- The hold takes the ticket types' lock late (order_hold_batch's p_lock_late, decision 158): it
-- decides and writes its orders first and locks the types only for the guarded stock UPDATEs, so
-- the holds of two batches in flight no longer run one after the other whole. A batch of one
-- takes the lock first, as before, so its stock reads are exact: a batch whose late UPDATE found
-- less stock than it read fails whole (MEA02) and is sent again checkout by checkout, where each
-- is decided exactly (a shortage is then an answer, not an error).
--
-- p_claims: seat_claim_batch's claims; p_orders: order_hold_batch's orders, one per claim, in the
-- same order. Returns [{claim, hold}] in that order: the claim's answer, and the hold's answer for
-- a claimed checkout (null for the others). A claimed checkout whose hold is not created keeps its
-- seats without an order: the server decides it on the general path or gives them back, and an
-- unclaimed row lapses at p_claimed_until anyway. A batch that fails as a whole (order_hold_batch's
-- MEA02, a deadlock) rolls back its claims too, and the server sends its checkouts one by one.
CREATE OR REPLACE FUNCTION seat_hold_batch(
	p_provider text,
	p_claims jsonb,
	p_orders jsonb,
	p_now timestamptz,
	p_claimed_until timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
	v_claims jsonb;
	v_orders jsonb;
	v_places int[];
	v_ids uuid[];
	v_holds jsonb := '[]'::jsonb;
	v_unheld uuid[];
BEGIN
	IF jsonb_array_length(p_claims) <> jsonb_array_length(p_orders) THEN
		RAISE EXCEPTION 'seat_hold_batch: % claims, % orders', jsonb_array_length(p_claims),
			jsonb_array_length(p_orders);
	END IF;
	SELECT array_agg(gen_random_uuid()) INTO v_ids FROM generate_series(1, jsonb_array_length(p_claims));
	SET CONSTRAINTS event_seats_order_id_orders_id_fk DEFERRED;
	v_claims := seat_claim_batch(
		(SELECT coalesce(jsonb_agg(c.value || jsonb_build_object('orderId', v_ids[c.n]) ORDER BY c.n), '[]'::jsonb)
			FROM jsonb_array_elements(p_claims) WITH ORDINALITY AS c(value, n)),
		p_now, p_claimed_until);

	SELECT coalesce(jsonb_agg(o.item || jsonb_build_object('orderId', v_ids[o.n]) ORDER BY o.n), '[]'::jsonb),
		coalesce(array_agg(o.n::int ORDER BY o.n), '{}')
	INTO v_orders, v_places
	FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS o(item, n)
	WHERE v_claims -> (o.n::int - 1) ->> 'status' = 'claimed';
	IF cardinality(v_places) > 0 THEN
		v_holds := order_hold_batch(p_provider, v_orders, p_lock_late => cardinality(v_places) > 1);
	END IF;

	-- A claimed checkout whose order was not created keeps its seats without an order, as the
	-- server expects (it decides the order on the general path or gives the seats back).
	SELECT array_agg(v_ids[p.place]) INTO v_unheld
	FROM unnest(v_places) WITH ORDINALITY AS p(place, k)
	WHERE v_holds -> (p.k::int - 1) ->> 'status' IS DISTINCT FROM 'created';
	IF v_unheld IS NOT NULL THEN
		UPDATE event_seats SET order_id = NULL WHERE order_id = ANY(v_unheld);
	END IF;
	SET CONSTRAINTS event_seats_order_id_orders_id_fk IMMEDIATE;

	RETURN coalesce((
		SELECT jsonb_agg(jsonb_build_object(
			'claim', c.value,
			'hold', v_holds -> (array_position(v_places, c.n::int) - 1)) ORDER BY c.n)
		FROM jsonb_array_elements(v_claims) WITH ORDINALITY AS c(value, n)
	), '[]'::jsonb);
END
$$;

-- seat_hold_batch: seat checkouts that arrive together take their seats and are held in one
-- statement, one round trip and one commit, as count-only checkouts are by order_hold_batch
-- (docs/decisions/006, 098, 118). This file is the function's source, applied by
-- src/server/db/migrate.ts like the two functions it joins.
--
-- It runs seat_claim_batch (every rule of the claim unchanged: replay, due, closed orders locked
-- in id order, one insert in (event, seat) order, the second try for a seat freed by a failed
-- neighbour), then order_hold_batch for the checkouts whose seats are all theirs now, which writes
-- each created order into its seats' rows. The (event, seat) primary key is still the guarantee
-- that a seat belongs to one order at most; the ticket types are locked after the seats, as when
-- the two ran one after the other.
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
	v_holds jsonb := '[]'::jsonb;
BEGIN
	IF jsonb_array_length(p_claims) <> jsonb_array_length(p_orders) THEN
		RAISE EXCEPTION 'seat_hold_batch: % claims, % orders', jsonb_array_length(p_claims),
			jsonb_array_length(p_orders);
	END IF;
	v_claims := seat_claim_batch(p_claims, p_now, p_claimed_until);

	SELECT coalesce(jsonb_agg(o.item ORDER BY o.n), '[]'::jsonb), coalesce(array_agg(o.n::int ORDER BY o.n), '{}')
	INTO v_orders, v_places
	FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS o(item, n)
	WHERE v_claims -> (o.n::int - 1) ->> 'status' = 'claimed';
	IF cardinality(v_places) > 0 THEN
		v_holds := order_hold_batch(p_provider, v_orders);
	END IF;

	RETURN coalesce((
		SELECT jsonb_agg(jsonb_build_object(
			'claim', c.value,
			'hold', v_holds -> (array_position(v_places, c.n::int) - 1)) ORDER BY c.n)
		FROM jsonb_array_elements(v_claims) WITH ORDINALITY AS c(value, n)
	), '[]'::jsonb);
END
$$;

-- Outgoing webhooks (decision 029): the business events are written by triggers on orders and
-- tickets, inside the transaction that made the change, so every path that pays, refunds or
-- checks in (payment webhooks, the local checkout, free orders, reconcile, refunds by organizer
-- or admin, the door app) emits exactly the events it committed, and nothing it rolled back.
-- An organizer without an endpoint for the type costs one index lookup and gets no rows.
CREATE OR REPLACE FUNCTION webhook_emit(p_owner uuid, p_type text, p_key text, p_at timestamptz, p_payload jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM webhook_endpoints
    WHERE owner_id = p_owner AND disabled_at IS NULL AND p_type = ANY (event_types)
  ) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_events (owner_id, type, dedupe_key, payload, created_at)
  VALUES (p_owner, p_type, p_key, p_payload, p_at)
  ON CONFLICT (dedupe_key) DO NOTHING
  RETURNING id INTO v_event;
  IF v_event IS NULL THEN
    RETURN; -- the same change seen again (a replayed payment webhook): already emitted
  END IF;
  INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
  SELECT v_event, id, p_at, p_at FROM webhook_endpoints
  WHERE owner_id = p_owner AND disabled_at IS NULL AND p_type = ANY (event_types);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_orders_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_type text;
  v_key text;
  v_at timestamptz := greatest(NEW.updated_at, NEW.paid_at);
  v_buyer jsonb;
  r record;
BEGIN
  IF NEW.kind <> 'tickets' THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'paid' AND OLD.status IN ('pending', 'expired', 'cancelled') THEN
    v_type := 'order.paid';
    v_key := '';
  ELSIF NEW.refunded_cents > OLD.refunded_cents THEN
    v_type := 'order.refunded';
    v_key := ':' || NEW.refunded_cents;
  ELSE
    RETURN NULL;
  END IF;
  SELECT jsonb_build_object('id', u.id, 'email', u.email, 'name', coalesce(p.full_name, ''))
  INTO v_buyer
  FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = NEW.user_id;
  FOR r IN
    SELECT e.user_id AS owner_id, e.id AS event_id, e.title,
      jsonb_agg(jsonb_build_object('ticket_type_id', i.ticket_type_id, 'ticket_type', tt.name,
        'quantity', i.quantity, 'unit_price_cents', i.unit_price_cents,
        'discount_cents', i.discount_cents) ORDER BY i.id) AS items
    FROM order_items i
    JOIN events e ON e.id = i.event_id
    JOIN ticket_types tt ON tt.id = i.ticket_type_id
    WHERE i.order_id = NEW.id
    GROUP BY e.user_id, e.id, e.title
  LOOP
    PERFORM webhook_emit(r.owner_id, v_type, v_type || ':' || NEW.id || ':' || r.event_id || v_key, v_at,
      jsonb_build_object('order_id', NEW.id, 'event_id', r.event_id, 'event_title', r.title,
        'status', NEW.status, 'currency', NEW.currency, 'total_cents', NEW.total_cents,
        'refunded_cents', NEW.refunded_cents, 'paid_at', NEW.paid_at, 'buyer', v_buyer,
        'items', r.items));
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_orders AFTER UPDATE OF status, refunded_cents ON orders
FOR EACH ROW EXECUTE FUNCTION webhook_orders_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_tickets_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_owner uuid;
  v_type text;
  v_key text;
  v_at timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_type := 'attendee.registered';
    v_key := v_type || ':' || NEW.id;
    v_at := NEW.created_at;
  ELSIF NEW.status = 'checked_in' AND OLD.status IS DISTINCT FROM 'checked_in' THEN
    v_type := 'ticket.checked_in';
    v_at := coalesce(NEW.checked_in_at, now());
    v_key := v_type || ':' || NEW.id || ':' || extract(epoch FROM v_at);
  ELSE
    RETURN NULL;
  END IF;
  SELECT user_id INTO v_owner FROM events WHERE id = NEW.event_id;
  IF v_owner IS NULL OR NOT EXISTS (
    SELECT 1 FROM webhook_endpoints
    WHERE owner_id = v_owner AND disabled_at IS NULL AND v_type = ANY (event_types)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_emit(v_owner, v_type, v_key, v_at,
    (SELECT jsonb_build_object('ticket_id', NEW.id, 'order_id', NEW.order_id,
      'event_id', NEW.event_id, 'ticket_type_id', NEW.ticket_type_id, 'ticket_type', tt.name,
      'status', NEW.status, 'checked_in_at', NEW.checked_in_at, 'created_at', NEW.created_at,
      'attendee', jsonb_build_object('id', u.id, 'email', u.email, 'name', coalesce(p.full_name, '')))
     FROM ticket_types tt, users u LEFT JOIN profiles p ON p.id = u.id
     WHERE tt.id = NEW.ticket_type_id AND u.id = NEW.user_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_tickets AFTER INSERT OR UPDATE OF status ON tickets
FOR EACH ROW EXECUTE FUNCTION webhook_tickets_trigger();

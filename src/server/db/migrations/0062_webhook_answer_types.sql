-- Custom SQL migration file, put your code below! --
-- order.paid's answers also name each question's type (as API v1's do), which tells the value's
-- shape; a file's value is the path it downloads from. Everything else is as in 0058.
CREATE OR REPLACE FUNCTION webhook_orders_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_type text;
  v_key text;
  v_at timestamptz := greatest(NEW.updated_at, NEW.paid_at);
  v_buyer jsonb;
  v_payload jsonb;
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
    v_payload := jsonb_build_object('order_id', NEW.id, 'event_id', r.event_id, 'event_title', r.title,
      'status', NEW.status, 'currency', NEW.currency, 'total_cents', NEW.total_cents,
      'refunded_cents', NEW.refunded_cents, 'paid_at', NEW.paid_at, 'buyer', v_buyer,
      'items', r.items);
    IF v_type = 'order.paid' THEN
      v_payload := v_payload || jsonb_build_object('answers', (
        SELECT coalesce(jsonb_agg(jsonb_build_object('question_id', q.id, 'question', q.label,
            'type', q.type, 'ticket_type_id', a.ticket_type_id,
            'ticket_index', CASE WHEN a.ticket_type_id IS NULL THEN NULL ELSE a.ordinal END,
            'value', a.value)
          ORDER BY a.ticket_type_id NULLS FIRST, a.ordinal, q.position), '[]'::jsonb)
        FROM question_answers a JOIN event_questions q ON q.id = a.question_id
        WHERE a.order_id = NEW.id AND q.event_id = r.event_id));
    END IF;
    PERFORM webhook_emit(r.owner_id, v_type, v_type || ':' || NEW.id || ':' || r.event_id || v_key, v_at,
      v_payload);
  END LOOP;
  RETURN NULL;
END $$;

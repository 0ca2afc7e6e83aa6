-- Hand-written, like every trigger: drizzle-kit has none. A check-in list carries each ticket's
-- seat and its answers to the questions shown at the door (decision 092), so a seat moved or an
-- answer changed after the download must reach the devices with their next sync, like a refund:
-- through the door's feed of changed tickets, whatever path made the change.
CREATE FUNCTION door_seat_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.ticket_id IS NOT NULL
    AND (TG_OP = 'DELETE' OR OLD.ticket_id IS DISTINCT FROM NEW.ticket_id
      OR OLD.seat_id IS DISTINCT FROM NEW.seat_id) THEN
    INSERT INTO door_ticket_changes (event_id, ticket_id)
      SELECT e.id, OLD.ticket_id FROM events e WHERE e.id = OLD.event_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.ticket_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR OLD.ticket_id IS DISTINCT FROM NEW.ticket_id
      OR OLD.seat_id IS DISTINCT FROM NEW.seat_id) THEN
    INSERT INTO door_ticket_changes (event_id, ticket_id)
      SELECT e.id, NEW.ticket_id FROM events e WHERE e.id = NEW.event_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_seats_door_changes AFTER INSERT OR UPDATE OR DELETE ON event_seats
  FOR EACH ROW EXECUTE FUNCTION door_seat_changed();
--> statement-breakpoint
-- An answer of one ticket changes that ticket; an answer of the order (no ticket type) changes
-- every ticket of the order. Answers written with a pending order have no tickets yet: nothing.
-- The joins on events skip rows whose event is being deleted (a cascade must not refer to it).
CREATE FUNCTION door_answer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  answer question_answers%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN answer := OLD; ELSE answer := NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.value IS NOT DISTINCT FROM OLD.value
    AND NEW.ticket_id IS NOT DISTINCT FROM OLD.ticket_id THEN
    RETURN NULL;
  END IF;
  IF answer.ticket_type_id IS NULL THEN
    INSERT INTO door_ticket_changes (event_id, ticket_id)
      SELECT e.id, t.id FROM tickets t JOIN events e ON e.id = t.event_id
      WHERE t.order_id = answer.order_id;
  ELSIF answer.ticket_id IS NOT NULL THEN
    INSERT INTO door_ticket_changes (event_id, ticket_id)
      SELECT e.id, t.id FROM tickets t JOIN events e ON e.id = t.event_id
      WHERE t.id = answer.ticket_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_answers_door_changes AFTER INSERT OR UPDATE OR DELETE ON question_answers
  FOR EACH ROW EXECUTE FUNCTION door_answer_changed();

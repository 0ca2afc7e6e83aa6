-- Outgoing webhooks, second batch (decision 029): vendor applications and event changes, with
-- the same pattern as 0030: triggers inside the transaction that made the change call
-- webhook_emit, which writes nothing for an organizer without an endpoint for the type.

-- vendor_request.created: a vendor applies to one of the organizer's events.
CREATE OR REPLACE FUNCTION webhook_vendor_requests_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_owner uuid;
  v_title text;
BEGIN
  SELECT user_id, title INTO v_owner, v_title FROM events WHERE id = NEW.event_id;
  IF v_owner IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_emit(v_owner, 'vendor_request.created', 'vendor_request.created:' || NEW.id,
    NEW.created_at,
    (SELECT jsonb_build_object('request_id', NEW.id, 'event_id', NEW.event_id,
      'event_title', v_title, 'status', NEW.status, 'message', NEW.message,
      'services', NEW.services, 'links', NEW.links, 'created_at', NEW.created_at,
      'vendor', jsonb_build_object('id', NEW.vendor_id,
        'name', coalesce(nullif(p.business_name, ''), p.full_name, '')))
     FROM (SELECT 1) one LEFT JOIN profiles p ON p.id = NEW.vendor_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_vendor_requests AFTER INSERT ON vendor_requests
FOR EACH ROW EXECUTE FUNCTION webhook_vendor_requests_trigger();
--> statement-breakpoint
-- vendor_request.approved: an approval upserts the event's vendor row pointing at the request,
-- in the approving transaction and with the app clock's time (vendor_requests.updated_at is the
-- database clock's, set by its realtime trigger), so the trigger sits on event_vendors.
CREATE OR REPLACE FUNCTION webhook_event_vendors_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_owner uuid;
  v_title text;
BEGIN
  IF NEW.request_id IS NULL OR NEW.status <> 'approved'
    OR (TG_OP = 'UPDATE' AND OLD.request_id IS NOT DISTINCT FROM NEW.request_id) THEN
    RETURN NULL;
  END IF;
  SELECT user_id, title INTO v_owner, v_title FROM events WHERE id = NEW.event_id;
  IF v_owner IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_emit(v_owner, 'vendor_request.approved',
    'vendor_request.approved:' || NEW.request_id, NEW.updated_at,
    (SELECT jsonb_build_object('request_id', NEW.request_id, 'event_id', NEW.event_id,
      'event_title', v_title, 'status', 'approved', 'payment_status', NEW.payment_status,
      'fee_cents', CASE WHEN NEW.vendor_fee_amount IS NULL THEN NULL
        ELSE round(NEW.vendor_fee_amount * 100)::int END,
      'approved_at', NEW.updated_at,
      'vendor', jsonb_build_object('id', NEW.vendor_id,
        'name', coalesce(nullif(p.business_name, ''), p.full_name, '')))
     FROM (SELECT 1) one LEFT JOIN profiles p ON p.id = NEW.vendor_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_event_vendors AFTER INSERT OR UPDATE OF request_id ON event_vendors
FOR EACH ROW EXECUTE FUNCTION webhook_event_vendors_trigger();
--> statement-breakpoint
-- event.updated: one event per committed change to what an organizer set (details, times,
-- place, status, visibility…). Sales counters change on every purchase and are left out by the
-- trigger's WHEN, so a sale pays nothing here; `changed` names the columns that differ.
CREATE OR REPLACE FUNCTION webhook_events_updated_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_skip text[] := ARRAY['total_tickets_sold', 'free_tickets_sold', 'paid_tickets_sold',
    'signup_count', 'earnings', 'updated_at', 'search_vector', 'access_token'];
  v_new jsonb := to_jsonb(NEW) - v_skip;
  v_old jsonb := to_jsonb(OLD) - v_skip;
  v_changed text[];
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM webhook_endpoints
    WHERE owner_id = NEW.user_id AND disabled_at IS NULL AND 'event.updated' = ANY (event_types)
  ) THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(n.key ORDER BY n.key) INTO v_changed
  FROM jsonb_each(v_new) n WHERE n.value IS DISTINCT FROM v_old -> n.key;
  IF v_changed IS NULL THEN
    RETURN NULL;
  END IF;
  -- The transaction id keeps two changes apart even when the app clock stands still (tests).
  PERFORM webhook_emit(NEW.user_id, 'event.updated',
    'event.updated:' || NEW.id || ':' || txid_current() || ':' || md5(v_new::text),
    greatest(NEW.updated_at, OLD.updated_at),
    jsonb_build_object('event_id', NEW.id, 'changed', to_jsonb(v_changed),
      'event', jsonb_build_object('id', NEW.id, 'title', NEW.title, 'category', NEW.category,
        'status', NEW.event_status, 'visibility', NEW.visibility, 'starts_at', NEW.starts_at,
        'ends_at', NEW.ends_at, 'timezone', NEW.timezone, 'is_online', NEW.is_online,
        'venue_name', NEW.venue_name, 'address', NEW.address, 'city', NEW.city,
        'country', NEW.country, 'capacity', NEW.capacity, 'is_free', NEW.is_free,
        'updated_at', NEW.updated_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_events_updated AFTER UPDATE ON events
FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
  OR OLD.category IS DISTINCT FROM NEW.category OR OLD.venue_name IS DISTINCT FROM NEW.venue_name
  OR OLD.address IS DISTINCT FROM NEW.address OR OLD.city IS DISTINCT FROM NEW.city
  OR OLD.country IS DISTINCT FROM NEW.country OR OLD.is_online IS DISTINCT FROM NEW.is_online
  OR OLD.online_url IS DISTINCT FROM NEW.online_url OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
  OR OLD.ends_at IS DISTINCT FROM NEW.ends_at OR OLD.timezone IS DISTINCT FROM NEW.timezone
  OR OLD.capacity IS DISTINCT FROM NEW.capacity OR OLD.is_free IS DISTINCT FROM NEW.is_free
  OR OLD.event_status IS DISTINCT FROM NEW.event_status
  OR OLD.visibility IS DISTINCT FROM NEW.visibility
  OR OLD.attendee_visibility IS DISTINCT FROM NEW.attendee_visibility
  OR OLD.is_referral_based IS DISTINCT FROM NEW.is_referral_based
  OR OLD.vendor_fee_amount IS DISTINCT FROM NEW.vendor_fee_amount
  OR OLD.metadata IS DISTINCT FROM NEW.metadata OR OLD.cover_image IS DISTINCT FROM NEW.cover_image
  OR OLD.published_at IS DISTINCT FROM NEW.published_at
)
EXECUTE FUNCTION webhook_events_updated_trigger();

CREATE TABLE "box_office_mailings" (
	"order_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_office_mailings_order_id_request_id_pk" PRIMARY KEY("order_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "box_office_mailings" ADD CONSTRAINT "box_office_mailings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_mailings" ADD CONSTRAINT "box_office_mailings_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The desk waiting for a card payment on the buyer's phone is told when its sale settles (paid,
-- expired or cancelled) on the realtime hub's signal channel (platform/realtime/hub.ts
-- SIGNAL_CHANNEL, recipient `door:sales`, read by every process's box-office sale watch). A
-- trigger, like the outgoing webhooks' (0030): every path that settles an order (the payment
-- webhook, the local checkout, the hold sweeper, the seller's cancel) signals exactly what it
-- committed, and PostgreSQL delivers the NOTIFY only on commit. Other orders cost the WHEN test.
CREATE OR REPLACE FUNCTION box_office_sale_signal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_event uuid;
BEGIN
  SELECT event_id INTO v_event FROM box_office_sales WHERE order_id = NEW.id;
  IF v_event IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('mea_realtime_signal', json_build_object(
    'o', 'door',
    'u', json_build_array('door:sales'),
    'f', json_build_object('type', 'box_office_sale', 'eventId', v_event, 'orderId', NEW.id,
      'status', CASE WHEN NEW.status IN ('cancelled', 'expired') THEN NEW.status ELSE 'paid' END)
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER box_office_sale_signal AFTER UPDATE OF status ON orders
FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending')
EXECUTE FUNCTION box_office_sale_signal();

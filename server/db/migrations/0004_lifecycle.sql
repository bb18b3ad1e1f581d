CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"order_id" uuid,
	"reservation_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_uid" text NOT NULL,
	"sequence" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"actor_uid" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state" text DEFAULT 'awaiting_payment' NOT NULL;--> statement-breakpoint
-- Each order's four flags become its one state (contract/order-lifecycle.ts); no order is lost. An
-- unpaid order whose stock went back failed, was cancelled or lapsed: the flags cannot tell which, so
-- it is 'expired'.
UPDATE "orders" SET "state" = CASE
  WHEN "refund_due" THEN 'refund_due'
  WHEN "status" THEN 'accepted'
  WHEN "payment_status" THEN 'paid'
  WHEN "stock_released" THEN 'expired'
  ELSE 'awaiting_payment'
END;--> statement-breakpoint
DROP INDEX "orders_open_reservations_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stage";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stock_released";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_due";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" boolean GENERATED ALWAYS AS (state in ('paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'refund_due', 'refunded')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" boolean GENERATED ALWAYS AS (state in ('accepted', 'preparing', 'out_for_delivery', 'delivered')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_released" boolean GENERATED ALWAYS AS (not state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due" boolean GENERATED ALWAYS AS (state = 'refund_due') STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text GENERATED ALWAYS AS (case when state = 'refund_due' then 'refund_due' when state in ('accepted', 'preparing', 'out_for_delivery', 'delivered') then 'confirmed' when state in ('paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'refund_due', 'refunded') then 'paid' else 'unpaid' end) STORED;--> statement-breakpoint
CREATE INDEX "orders_stage_created_idx" ON "orders" USING btree ("stage","created_at","id");--> statement-breakpoint
-- The timeline of the orders there are: their creation, then a lawful path to where each stands.
INSERT INTO "order_events" ("order_id", "user_uid", "sequence", "from_state", "to_state", "actor", "at")
  SELECT "id", "user_uid", 1, NULL, 'awaiting_payment', 'checkout', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "user_uid", "sequence", "from_state", "to_state", "actor", "at", "note")
  SELECT "id", "user_uid", 2, 'awaiting_payment', CASE WHEN "state" = 'expired' THEN 'expired' ELSE 'paid' END,
    CASE WHEN "state" = 'expired' THEN 'job' ELSE 'gateway' END, coalesce("paid_at", "created_at"),
    'recorded when order states began'
  FROM "orders" WHERE "state" <> 'awaiting_payment';--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "user_uid", "sequence", "from_state", "to_state", "actor", "at", "note")
  SELECT "id", "user_uid", 3, 'paid', "state", 'staff', coalesce("paid_at", "created_at"), 'recorded when order states began'
  FROM "orders" WHERE "state" IN ('accepted', 'refund_due');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_order_idx" ON "mail_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_order_sequence_idx" ON "order_events" USING btree ("order_id","sequence");--> statement-breakpoint
CREATE INDEX "order_events_user_idx" ON "order_events" USING btree ("user_uid","id");--> statement-breakpoint
CREATE INDEX "orders_state_created_idx" ON "orders" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_open_reservations_idx" ON "orders" USING btree ("created_at") WHERE "orders"."state" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_known" CHECK (state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'payment_failed', 'expired', 'cancelled', 'refund_due', 'refunded'));--> statement-breakpoint
-- Every new event is announced to every API process (the live order streams), at commit, in order.
CREATE FUNCTION "order_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_events', json_build_object('id', NEW."id", 'uid', NEW."user_uid")::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_events_notify" AFTER INSERT ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "order_events_notify"();

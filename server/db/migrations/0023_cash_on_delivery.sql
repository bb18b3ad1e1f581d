CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"cash" boolean DEFAULT false NOT NULL,
	"cash_max_cents" integer,
	"cash_regulars_only" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_a_method" CHECK ("payment_settings"."online" or "payment_settings"."cash"),
	CONSTRAINT "payment_settings_max_positive" CHECK ("payment_settings"."cash_max_cents" is null or "payment_settings"."cash_max_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state_known";--> statement-breakpoint
DROP INDEX "orders_slot_idx";--> statement-breakpoint
ALTER TABLE "orders" drop column "payment_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" boolean GENERATED ALWAYS AS (case when payment_method = 'cash' then state in ('delivered', 'collected') else state in ('paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'refund_due', 'refunded') end) STORED;--> statement-breakpoint
ALTER TABLE "orders" drop column "stock_released";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_released" boolean GENERATED ALWAYS AS (not state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'placed')) STORED;--> statement-breakpoint
CREATE INDEX "orders_method_created_idx" ON "orders" USING btree ("payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_cash_open_idx" ON "orders" USING btree ("state") WHERE payment_method = 'cash' and state in ('placed', 'accepted', 'preparing', 'out_for_delivery', 'ready_for_pickup');--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("slot_at") WHERE slot_at is not null and state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'placed');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK (payment_method in ('online', 'cash'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_known" CHECK (state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'payment_failed', 'expired', 'cancelled', 'refund_due', 'refunded', 'placed', 'cash_refused'));
--> statement-breakpoint
INSERT INTO "payment_settings" ("id") VALUES (1);

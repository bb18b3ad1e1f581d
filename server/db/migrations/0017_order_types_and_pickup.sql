ALTER TABLE "orders" DROP CONSTRAINT "orders_state_known";--> statement-breakpoint
ALTER TABLE "orders" drop column "payment_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" boolean GENERATED ALWAYS AS (state in ('paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'refund_due', 'refunded')) STORED;--> statement-breakpoint
ALTER TABLE "orders" drop column "status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" boolean GENERATED ALWAYS AS (state in ('accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected')) STORED;--> statement-breakpoint
ALTER TABLE "orders" drop column "stock_released";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_released" boolean GENERATED ALWAYS AS (not state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected')) STORED;--> statement-breakpoint
ALTER TABLE "orders" drop column "stage";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text GENERATED ALWAYS AS (case when state = 'refund_due' then 'refund_due' when state in ('accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected') then 'confirmed' when state in ('paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'refund_due', 'refunded') then 'paid' else 'unpaid' end) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_type" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_known" CHECK (order_type in ('delivery', 'pickup'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_known" CHECK (state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected', 'payment_failed', 'expired', 'cancelled', 'refund_due', 'refunded'));--> statement-breakpoint
-- The stage column was made again (its states grew): its index went with it, and is made again too.
CREATE INDEX "orders_stage_created_idx" ON "orders" USING btree ("stage","created_at","id");

ALTER TABLE "order_lines" ADD COLUMN "cart_line_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_released" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gateway_val_id" text;--> statement-breakpoint
CREATE INDEX "orders_open_reservations_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = false and "orders"."stock_released" = false;
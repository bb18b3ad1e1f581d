DROP INDEX "orders_waiting_paid_idx";--> statement-breakpoint
DROP INDEX "orders_cash_open_idx";--> statement-breakpoint
CREATE INDEX "orders_board_idx" ON "orders" USING btree ("state","scheduled","start_at","payment_method","total_cents","paid_at","created_at") WHERE state in ('paid', 'placed', 'accepted', 'preparing', 'out_for_delivery', 'ready_for_pickup');
DROP INDEX "orders_state_paid_idx";--> statement-breakpoint
CREATE INDEX "orders_waiting_paid_idx" ON "orders" USING btree ("paid_at") WHERE state in ('paid', 'accepted', 'preparing');
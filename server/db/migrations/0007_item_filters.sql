-- Manage items' filters, each served by an index like the other lists' (schema.ts): low stock (LOW_STOCK
-- in contract/menu.ts, 3; sold out is low too) as a partial index in the keyset order, and the name
-- search by trigrams (pg_trgm, migration 0002).
CREATE INDEX "menu_items_low_created_idx" ON "menu_items" USING btree ("created_at","id") WHERE "menu_items"."quantity" <= 3;--> statement-breakpoint
CREATE INDEX "menu_items_search_idx" ON "menu_items" USING gin (lower("name") gin_trgm_ops);
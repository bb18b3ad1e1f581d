ALTER TABLE "kitchen_settings" ALTER COLUMN "slot_orders" SET DEFAULT 40;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_text" text;--> statement-breakpoint
-- 0019 seeded 6 orders a slot: few enough to refuse a dinner rush the spec never refused. No owner has
-- set it yet (it came with 0019), so the row follows the new default.
UPDATE "kitchen_settings" SET "slot_orders" = 40 WHERE "slot_orders" = 6;

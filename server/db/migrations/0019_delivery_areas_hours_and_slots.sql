CREATE TABLE "closed_dates" (
	"date" date PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"postcodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee_kind" text DEFAULT 'percent' NOT NULL,
	"fee_percent" integer DEFAULT 5 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"free_above_cents" integer,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"delivery_minutes" integer DEFAULT 20 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "delivery_areas_rule" CHECK ("delivery_areas"."fee_kind" in ('percent', 'fixed') and "delivery_areas"."fee_percent" between 0 and 100 and "delivery_areas"."fee_cents" >= 0 and "delivery_areas"."minimum_cents" >= 0 and ("delivery_areas"."free_above_cents" is null or "delivery_areas"."free_above_cents" >= 0) and "delivery_areas"."delivery_minutes" between 0 and 240)
);
--> statement-breakpoint
CREATE TABLE "kitchen_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"slot_orders" integer DEFAULT 6 NOT NULL,
	"slot_pizzas" integer,
	"prep_minutes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"busy" boolean DEFAULT false NOT NULL,
	"busy_minutes" integer DEFAULT 15 NOT NULL,
	CONSTRAINT "kitchen_settings_one_row" CHECK ("kitchen_settings"."id" = 1),
	CONSTRAINT "kitchen_settings_bounds" CHECK ("kitchen_settings"."slot_orders" >= 1 and ("kitchen_settings"."slot_pizzas" is null or "kitchen_settings"."slot_pizzas" >= 1) and "kitchen_settings"."busy_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"day" integer PRIMARY KEY NOT NULL,
	"opens" text NOT NULL,
	"closes" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "opening_hours_day" CHECK ("opening_hours"."day" between 0 and 6 and "opening_hours"."opens" < "opening_hours"."closes")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_area_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pizza_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_area_id_delivery_areas_id_fk" FOREIGN KEY ("delivery_area_id") REFERENCES "public"."delivery_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("slot_at") WHERE slot_at is not null and state in ('awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered', 'ready_for_pickup', 'collected');--> statement-breakpoint
-- A fresh shop delivers to every postcode at the spec's 5 % of the food, with no minimum: the owner
-- narrows it (Admin → Delivery).
INSERT INTO "delivery_areas" ("name", "position") VALUES ('Every postcode', 0);--> statement-breakpoint
-- The hours the footer gave: 6:00am to 10:00pm, Sunday closed.
INSERT INTO "opening_hours" ("day", "opens", "closes", "closed") VALUES
  (0, '06:00', '22:00', true), (1, '06:00', '22:00', false), (2, '06:00', '22:00', false),
  (3, '06:00', '22:00', false), (4, '06:00', '22:00', false), (5, '06:00', '22:00', false),
  (6, '06:00', '22:00', false);--> statement-breakpoint
-- The one row exists from the start, with the default rules (DEFAULT_KITCHEN_SETTINGS).
INSERT INTO "kitchen_settings" ("id") VALUES (1);

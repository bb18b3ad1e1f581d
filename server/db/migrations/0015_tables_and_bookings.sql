CREATE TABLE "dining_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"section" text NOT NULL,
	"min_seats" integer NOT NULL,
	"max_seats" integer NOT NULL,
	"joinable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "dining_tables_seats" CHECK ("dining_tables"."min_seats" between 1 and "dining_tables"."max_seats" and "dining_tables"."max_seats" <= 30)
);
--> statement-breakpoint
CREATE TABLE "reservation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"actor_uid" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "reservation_tables" (
	"reservation_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"holding" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reservation_tables_reservation_id_table_id_pk" PRIMARY KEY("reservation_id","table_id"),
	CONSTRAINT "reservation_tables_span" CHECK ("reservation_tables"."start_minute" >= 0 and "reservation_tables"."start_minute" < "reservation_tables"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "room_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"grid_minutes" integer DEFAULT 15 NOT NULL,
	"stay_up_to" integer DEFAULT 4 NOT NULL,
	"stay_minutes" integer DEFAULT 90 NOT NULL,
	"stay_larger_minutes" integer DEFAULT 120 NOT NULL,
	"cancel_cutoff_minutes" integer DEFAULT 120 NOT NULL,
	"reminder_minutes" integer DEFAULT 180 NOT NULL,
	"confirm_by_hand" boolean DEFAULT false NOT NULL,
	"room_seeded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "room_settings_one_row" CHECK ("room_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_persons_range";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "state" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "mailed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_name_idx" ON "dining_tables" USING btree ("name") WHERE "dining_tables"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "dining_tables_created_idx" ON "dining_tables" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reservation_events_reservation_idx" ON "reservation_events" USING btree ("reservation_id","id");--> statement-breakpoint
CREATE INDEX "reservation_tables_day_idx" ON "reservation_tables" USING btree ("date","table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_reference_idx" ON "reservations" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "reservations_reminder_due_idx" ON "reservations" USING btree ("starts_at") WHERE "reservations"."state" = 'booked' and "reservations"."reminded_at" is null;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_state_known" CHECK (state in ('pending', 'booked', 'seated', 'finished', 'no_show', 'cancelled', 'declined'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_persons_range" CHECK ("reservations"."persons" between 1 and 30);--> statement-breakpoint
-- No table is given to two bookings at once: rows that hold their table may not overlap on it, whichever
-- API process writes them. btree_gist lets one GiST index compare the table and the day for equality
-- and the minutes for overlap (a contrib extension, like pg_trgm).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_no_overlap" EXCLUDE USING gist ("table_id" WITH =, "date" WITH =, int4range("start_minute", "end_minute") WITH &&) WHERE ("holding");--> statement-breakpoint
-- The one row exists from the start, with the default rules (DEFAULT_ROOM_SETTINGS).
INSERT INTO "room_settings" ("id") VALUES (1);

CREATE TABLE "shop_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_status_one_row" CHECK ("shop_status"."id" = 1)
);
--> statement-breakpoint
-- The one row exists from the start: the shop opens for orders.
INSERT INTO "shop_status" ("id") VALUES (1);

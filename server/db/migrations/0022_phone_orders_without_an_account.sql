ALTER TABLE "order_events" ALTER COLUMN "user_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_by" text;
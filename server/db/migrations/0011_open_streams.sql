CREATE TABLE "open_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_uid" text NOT NULL,
	"address" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_streams_account_idx" ON "open_streams" USING btree ("account_uid","lease_until");--> statement-breakpoint
CREATE INDEX "open_streams_address_idx" ON "open_streams" USING btree ("address","lease_until");
-- Issue 12: whether the provider verified a record's e-mail (existing records: unknown, so false until
-- their next sign-in refreshes it), and the provider's word on each account, shared by every API process.
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_blocked" boolean DEFAULT false NOT NULL;

CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "menu_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"last_transaction" bigint,
	CONSTRAINT "menu_version_one_row" CHECK ("menu_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "menu_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- Every change to menu_items moves the menu's version once per transaction, at its commit (deferred:
-- after every row lock the transaction takes, so the one version row never joins a lock cycle), and
-- announces the new version to the API and site servers that cache by it.
CREATE FUNCTION "move_menu_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved bigint;
BEGIN
  UPDATE "menu_version" SET "version" = "version" + 1, "last_transaction" = txid_current()
    WHERE "id" = 1 AND "last_transaction" IS DISTINCT FROM txid_current()
    RETURNING "version" INTO moved;
  IF moved IS NOT NULL THEN
    PERFORM pg_notify('menu_version', moved::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "menu_items_move_version" AFTER INSERT OR UPDATE OR DELETE ON "menu_items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "move_menu_version"();--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text GENERATED ALWAYS AS (case when refund_due then 'refund_due' when status then 'confirmed' when payment_status then 'paid' else 'unpaid' end) STORED;--> statement-breakpoint
CREATE INDEX "menu_items_created_idx" ON "menu_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_stage_created_idx" ON "orders" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (lower("transaction_id" || ' ' || "full_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservations_created_idx" ON "reservations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reservations_date_created_idx" ON "reservations" USING btree ("date","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'user';--> statement-breakpoint
CREATE INDEX "users_admins_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" <> 'user';--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower("display_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_uid","created_at","id");
CREATE TABLE "cart_adds" (
	"user_uid" text NOT NULL,
	"key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_adds_user_uid_key_pk" PRIMARY KEY("user_uid","key")
);
--> statement-breakpoint
CREATE TABLE "option_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_delta_cents" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"min_choices" integer DEFAULT 0 NOT NULL,
	"max_choices" integer DEFAULT 1 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "option_groups_bounds" CHECK ("option_groups"."min_choices" >= 0 and "option_groups"."max_choices" >= 1 and "option_groups"."min_choices" <= "option_groups"."max_choices" and "option_groups"."required" = ("option_groups"."min_choices" >= 1))
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "cart_lines_user_item_idx";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "choice_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_adds" ADD CONSTRAINT "cart_adds_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_choices" ADD CONSTRAINT "option_choices_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_choices_group_idx" ON "option_choices" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "option_groups_item_idx" ON "option_groups" USING btree ("item_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_user_item_choices_idx" ON "cart_lines" USING btree ("user_uid","item_id","choice_ids","instructions");--> statement-breakpoint
-- An item's options show on its page and in its answer, as its name and price do: a change to a group or
-- a choice moves both of the menu's versions, once per transaction, like migration 0005's trigger on
-- menu_items (whose function reads menu_items' own columns, so these tables have one of their own).
CREATE FUNCTION "move_menu_versions_for_options"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  this_transaction bigint := txid_current();
  moved record;
BEGIN
  UPDATE "menu_version" SET
      "version" = CASE WHEN "last_transaction" IS DISTINCT FROM this_transaction
                       THEN "version" + 1 ELSE "version" END,
      "last_transaction" = this_transaction,
      "listing" = CASE WHEN "listing_transaction" IS DISTINCT FROM this_transaction
                       THEN "listing" + 1 ELSE "listing" END,
      "listing_transaction" = this_transaction
    WHERE "id" = 1 AND ("last_transaction" IS DISTINCT FROM this_transaction
                        OR "listing_transaction" IS DISTINCT FROM this_transaction)
    RETURNING "version", "listing" INTO moved;
  IF FOUND THEN
    PERFORM pg_notify('menu_version', moved."version" || ' ' || moved."listing");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "option_groups_move_version" AFTER INSERT OR UPDATE OR DELETE ON "option_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "move_menu_versions_for_options"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "option_choices_move_version" AFTER INSERT OR UPDATE OR DELETE ON "option_choices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "move_menu_versions_for_options"();

CREATE TABLE "cart_promos" (
	"user_uid" text PRIMARY KEY NOT NULL,
	"promotion_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"min_food_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"order_type" text,
	"categories" "item_category"[] DEFAULT '{}'::item_category[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_code_upper" CHECK ("promotions"."code" = upper("promotions"."code")),
	CONSTRAINT "promotions_amount" CHECK ("promotions"."amount" >= 1 and ("promotions"."kind" <> 'percent' or "promotions"."amount" <= 100)),
	CONSTRAINT "promotions_limits" CHECK ("promotions"."min_food_cents" >= 0 and "promotions"."max_uses" >= 1 and "promotions"."max_uses_per_customer" >= 1),
	CONSTRAINT "promotions_window" CHECK ("promotions"."starts_at" < "promotions"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "restock_quantity" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_promos" ADD CONSTRAINT "cart_promos_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_promos" ADD CONSTRAINT "cart_promos_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_to_at_idx" ON "order_events" USING btree ("to_state","at");--> statement-breakpoint
CREATE INDEX "orders_promotion_uses_idx" ON "orders" USING btree ("promotion_id","state","user_uid") WHERE "orders"."promotion_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_state_paid_idx" ON "orders" USING btree ("state","paid_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_not_negative" CHECK ("orders"."discount_cents" >= 0);
CREATE TABLE "kitchen_queue" (
	"shard" integer PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_scheduled_waiting_idx" ON "orders" USING btree ("start_at") WHERE scheduled and state in ('paid', 'accepted', 'preparing');--> statement-breakpoint
-- The orders as soon as possible in the kitchen's queue, counted in 8 rows (an order in the row of its
-- id's hash): every payment adds one, and on a single row each payment's lock would wait for the last
-- one's commit. An estimate adds the rows up.
INSERT INTO "kitchen_queue" ("shard") SELECT generate_series(0, 7);--> statement-breakpoint
CREATE FUNCTION "orders_kitchen_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := false;
  now_queued boolean := false;
  order_id uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was := NOT OLD."scheduled" AND OLD."state" IN ('paid', 'accepted', 'preparing');
    order_id := OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    now_queued := NOT NEW."scheduled" AND NEW."state" IN ('paid', 'accepted', 'preparing');
    order_id := NEW."id";
  END IF;
  IF was <> now_queued THEN
    UPDATE "kitchen_queue" SET "orders" = "orders" + CASE WHEN now_queued THEN 1 ELSE -1 END
      WHERE "shard" = hashtext(order_id::text) & 7;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_kitchen_queue" AFTER INSERT OR DELETE OR UPDATE OF "state", "scheduled"
  ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_kitchen_queue"();--> statement-breakpoint
UPDATE "kitchen_queue" SET "orders" = counted."orders" FROM (
  SELECT hashtext("id"::text) & 7 AS "shard", count(*) AS "orders" FROM "orders"
  WHERE NOT "scheduled" AND "state" IN ('paid', 'accepted', 'preparing') GROUP BY 1
) counted WHERE "kitchen_queue"."shard" = counted."shard";

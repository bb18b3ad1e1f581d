CREATE TABLE "slot_loads" (
	"slot_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"pizzas" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_slot_idx";--> statement-breakpoint
-- A slot's load is kept beside it, in the transaction that changes an order's slot, state or pizzas:
-- checkout reads (and locks) one row where it counted the slot's orders under a lock, a count that grew
-- with every order the slot held. An order holds its slot exactly while it holds its stock.
CREATE FUNCTION "orders_slot_load"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := false;
  now_holds boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN was := OLD."slot_at" IS NOT NULL AND NOT OLD."stock_released"; END IF;
  IF TG_OP <> 'DELETE' THEN now_holds := NEW."slot_at" IS NOT NULL AND NOT NEW."stock_released"; END IF;
  IF was AND now_holds THEN
    IF OLD."slot_at" = NEW."slot_at" AND OLD."pizza_units" = NEW."pizza_units" THEN RETURN NULL; END IF;
  END IF;
  IF was THEN
    UPDATE "slot_loads" SET "orders" = "orders" - 1, "pizzas" = "pizzas" - OLD."pizza_units"
      WHERE "slot_at" = OLD."slot_at";
  END IF;
  IF now_holds THEN
    INSERT INTO "slot_loads" ("slot_at", "orders", "pizzas") VALUES (NEW."slot_at", 1, NEW."pizza_units")
      ON CONFLICT ("slot_at") DO UPDATE
      SET "orders" = "slot_loads"."orders" + 1, "pizzas" = "slot_loads"."pizzas" + EXCLUDED."pizzas";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_slot_load" AFTER INSERT OR DELETE OR UPDATE OF "slot_at", "state", "pizza_units"
  ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_slot_load"();--> statement-breakpoint
INSERT INTO "slot_loads" ("slot_at", "orders", "pizzas")
  SELECT "slot_at", count(*), coalesce(sum("pizza_units"), 0) FROM "orders"
  WHERE "slot_at" IS NOT NULL AND NOT "stock_released" GROUP BY "slot_at";

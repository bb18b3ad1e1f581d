ALTER TABLE "menu_version" ADD COLUMN "listing" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_version" ADD COLUMN "listing_transaction" bigint;--> statement-breakpoint
-- Home and the Menu show no stock count, only whether an item is sold out: a sale moves `version` (the
-- menu answers and item pages, which show stock) but not `listing` (the listing pages), so a rush of
-- orders leaves those pages cached. Once per transaction each, at commit, announced as "version listing".
CREATE OR REPLACE FUNCTION "move_menu_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  this_transaction bigint := txid_current();
  relisted boolean := true;
  moved record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    relisted := (OLD."name", OLD."price_cents", OLD."image", OLD."category", OLD."description",
                 OLD."created_at", OLD."quantity" = 0)
      IS DISTINCT FROM (NEW."name", NEW."price_cents", NEW."image", NEW."category", NEW."description",
                        NEW."created_at", NEW."quantity" = 0);
  END IF;
  UPDATE "menu_version" SET
      "version" = CASE WHEN "last_transaction" IS DISTINCT FROM this_transaction
                       THEN "version" + 1 ELSE "version" END,
      "last_transaction" = this_transaction,
      "listing" = CASE WHEN relisted AND "listing_transaction" IS DISTINCT FROM this_transaction
                       THEN "listing" + 1 ELSE "listing" END,
      "listing_transaction" = CASE WHEN relisted THEN this_transaction ELSE "listing_transaction" END
    WHERE "id" = 1 AND ("last_transaction" IS DISTINCT FROM this_transaction
                        OR (relisted AND "listing_transaction" IS DISTINCT FROM this_transaction))
    RETURNING "version", "listing" INTO moved;
  IF FOUND THEN
    PERFORM pg_notify('menu_version', moved."version" || ' ' || moved."listing");
  END IF;
  RETURN NULL;
END $$;

-- An order event takes its id when its transaction commits, not when it is written: a stream resumed with
-- Last-Event-ID reads after that id, so ids must commit in the order they are drawn. The lock that keeps
-- them in order is now held from the commit's start to its end, not from the event's INSERT on through the
-- rest of the transaction's round trips, which serialized every order change of a rush behind it.
CREATE SEQUENCE "order_events_pending_id_seq";--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "id" SET DEFAULT -nextval('order_events_pending_id_seq');--> statement-breakpoint
DROP TRIGGER "order_events_notify" ON "order_events";--> statement-breakpoint
DROP FUNCTION "order_events_notify"();--> statement-breakpoint
-- At commit, for each event the transaction wrote (in the order written): the final id, then its
-- announcement to every API process (NOTIFY delivers at commit, in commit order).
CREATE FUNCTION "order_events_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  final bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('pizzon:order-events'));
  UPDATE "order_events" SET "id" = nextval('order_events_id_seq') WHERE "id" = NEW."id" RETURNING "id" INTO final;
  -- An event its own transaction deleted again (an order deleted) has nothing to announce.
  IF FOUND THEN
    PERFORM pg_notify('order_events', json_build_object('id', final, 'uid', NEW."user_uid")::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_events_commit" AFTER INSERT ON "order_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_events_commit"();

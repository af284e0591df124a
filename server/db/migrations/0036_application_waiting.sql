-- The workbench's queue figures counted the waiting applications on every visit (the province's
-- 28,000 at its scale: 10 ms of PostgreSQL a visit, 115 ms sixteen visits at a time on two cores).
-- Counted here per type, status, step, centre and China day of acceptance by triggers, in the same
-- transaction as the change: the figures stay live and exact, and read ~5,000 rows. The two counts a
-- change moves are written in key order, so two transactions moving items in opposite directions
-- wait for each other instead of deadlocking; a count that reaches 0 is removed.
CREATE TABLE "application_waiting_count" (
	"business_type" varchar(24) NOT NULL,
	"status" integer NOT NULL,
	"step" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"accepted_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "application_waiting_count_pk" PRIMARY KEY("business_type","status","step","area","accepted_day")
);--> statement-breakpoint
INSERT INTO "application_waiting_count" ("business_type", "status", "step", "area", "accepted_day", "n")
  SELECT "business_type", "status", coalesce("step", ''), "area", coalesce((("accepted_at" + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date), count(*)
  FROM "application" WHERE NOT "deleted" AND "status" IN (2, 3) GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE FUNCTION "application_waiting_add"(t varchar, s integer, p varchar, a varchar, d date, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_waiting_count" AS w ("business_type", "status", "step", "area", "accepted_day", "n") VALUES (t, s, p, a, d, delta)
    ON CONFLICT ("business_type", "status", "step", "area", "accepted_day") DO UPDATE SET "n" = w."n" + excluded."n";
  IF delta < 0 THEN
    DELETE FROM "application_waiting_count" WHERE "business_type" = t AND "status" = s AND "step" = p AND "area" = a AND "accepted_day" = d AND "n" = 0;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "application_waiting_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND NOT OLD."deleted" AND OLD."status" IN (2, 3);
  now_in boolean := TG_OP <> 'DELETE' AND NOT NEW."deleted" AND NEW."status" IN (2, 3);
  ok text[]; nk text[];
  o_day date; n_day date;
BEGIN
  IF was THEN
    o_day := coalesce(((OLD."accepted_at" + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date);
    ok := ARRAY[OLD."business_type", OLD."status"::text, coalesce(OLD."step", ''), OLD."area", o_day::text];
  END IF;
  IF now_in THEN
    n_day := coalesce(((NEW."accepted_at" + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date);
    nk := ARRAY[NEW."business_type", NEW."status"::text, coalesce(NEW."step", ''), NEW."area", n_day::text];
  END IF;
  IF was AND now_in AND ok = nk THEN RETURN NULL; END IF;
  -- Key order (as text arrays: any fixed order will do) for the two writes.
  IF was AND (NOT now_in OR ok < nk) THEN
    PERFORM "application_waiting_add"(OLD."business_type", OLD."status", coalesce(OLD."step", ''), OLD."area", o_day, -1);
    was := false;
  END IF;
  IF now_in THEN
    PERFORM "application_waiting_add"(NEW."business_type", NEW."status", coalesce(NEW."step", ''), NEW."area", n_day, 1);
  END IF;
  IF was THEN
    PERFORM "application_waiting_add"(OLD."business_type", OLD."status", coalesce(OLD."step", ''), OLD."area", o_day, -1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "application_waiting_ins" AFTER INSERT ON "application" FOR EACH ROW
  WHEN (NOT NEW."deleted" AND NEW."status" IN (2, 3)) EXECUTE FUNCTION "application_waiting_counted"();--> statement-breakpoint
CREATE TRIGGER "application_waiting_del" AFTER DELETE ON "application" FOR EACH ROW
  WHEN (NOT OLD."deleted" AND OLD."status" IN (2, 3)) EXECUTE FUNCTION "application_waiting_counted"();--> statement-breakpoint
CREATE TRIGGER "application_waiting_upd" AFTER UPDATE OF "business_type", "status", "step", "area", "accepted_at", "deleted" ON "application" FOR EACH ROW
  WHEN ((NOT OLD."deleted" AND OLD."status" IN (2, 3)) OR (NOT NEW."deleted" AND NEW."status" IN (2, 3)))
  EXECUTE FUNCTION "application_waiting_counted"();

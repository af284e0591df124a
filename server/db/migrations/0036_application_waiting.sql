-- The workbench's queue figures counted the waiting applications on every visit (the province's
-- 28,000 at its scale: 10 ms of PostgreSQL a visit, 115 ms sixteen visits at a time on two cores).
-- Counted here per type, status, step, centre and China day of acceptance, in the same transaction
-- as the change, so the figures stay live and exact and read a few thousand rows. The triggers only
-- append (−1 for where an item was, +1 for where it is) to application_waiting_change: a counter
-- updated in place by every transition made concurrent transitions of one queue wait for each
-- other's commit (pgbench's transition at 32 clients: 1,521 → 692 tps). The changes are folded into
-- application_waiting_count by the statistics refresh (server/workflow/waiting.ts); readers add
-- both.
CREATE TABLE "application_waiting_count" (
	"business_type" varchar(24) NOT NULL,
	"status" integer NOT NULL,
	"step" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"accepted_day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "application_waiting_count_pk" PRIMARY KEY("business_type","status","step","area","accepted_day")
);--> statement-breakpoint
CREATE TABLE "application_waiting_change" (
	"business_type" varchar(24) NOT NULL,
	"status" integer NOT NULL,
	"step" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"accepted_day" date NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "application_waiting_count" ("business_type", "status", "step", "area", "accepted_day", "n")
  SELECT "business_type", "status", coalesce("step", ''), "area", coalesce((("accepted_at" + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date), count(*)
  FROM "application" WHERE NOT "deleted" AND "status" IN (2, 3) GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE FUNCTION "application_waiting_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND NOT OLD."deleted" AND OLD."status" IN (2, 3);
  now_in boolean := TG_OP <> 'DELETE' AND NOT NEW."deleted" AND NEW."status" IN (2, 3);
BEGIN
  IF was THEN
    INSERT INTO "application_waiting_change" VALUES (OLD."business_type", OLD."status", coalesce(OLD."step", ''), OLD."area",
      coalesce(((OLD."accepted_at" + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date), -1);
  END IF;
  IF now_in THEN
    INSERT INTO "application_waiting_change" VALUES (NEW."business_type", NEW."status", coalesce(NEW."step", ''), NEW."area",
      coalesce(((NEW."accepted_at" + interval '8 hours') at time zone 'UTC')::date, '-infinity'::date), 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "application_waiting_ins" AFTER INSERT ON "application" FOR EACH ROW
  WHEN (NOT NEW."deleted" AND NEW."status" IN (2, 3)) EXECUTE FUNCTION "application_waiting_changed"();--> statement-breakpoint
CREATE TRIGGER "application_waiting_del" AFTER DELETE ON "application" FOR EACH ROW
  WHEN (NOT OLD."deleted" AND OLD."status" IN (2, 3)) EXECUTE FUNCTION "application_waiting_changed"();--> statement-breakpoint
CREATE TRIGGER "application_waiting_upd" AFTER UPDATE OF "business_type", "status", "step", "area", "accepted_at", "deleted" ON "application" FOR EACH ROW
  WHEN (((NOT OLD."deleted" AND OLD."status" IN (2, 3)) OR (NOT NEW."deleted" AND NEW."status" IN (2, 3)))
    AND (OLD."business_type", OLD."status", OLD."step", OLD."area", OLD."accepted_at", OLD."deleted")
      IS DISTINCT FROM (NEW."business_type", NEW."status", NEW."step", NEW."area", NEW."accepted_at", NEW."deleted"))
  EXECUTE FUNCTION "application_waiting_changed"();

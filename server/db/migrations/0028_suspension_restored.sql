CREATE TABLE "suspension_recheck" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "restored_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "punishment_unrestored_idx" ON "punishment" USING btree ("end_date","certificate_id","id","person_id") WHERE "punishment"."type" = '暂扣' and "punishment"."review_state" = 'approved' and "punishment"."restored_seq" <> "punishment"."change_seq";--> statement-breakpoint
-- What may leave a certificate stored 02 with every 暂扣 that holds it over, other than a 暂扣's end
-- (the ended 暂扣 the suspension job has not restored: restored_seq <> change_seq). Each notes the
-- stored 02 certificates concerned in suspension_recheck, which the status filters read
-- (effective-status.ts restoredQuery) until the job has looked at them. Certificates a 暂扣 names
-- after a change are its own (change_seq, 0020); these are those it named before.
-- A 暂扣's terms changed (revoked, dates moved, another certificate or person named) or it was deleted.
CREATE FUNCTION "suspension_recheck_named"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "suspension_recheck" ("certificate_id")
  SELECT c."id" FROM "certificate" c WHERE c."status" = '02' AND (
    c."id" = OLD."certificate_id"
    OR c."id" IN (SELECT pc."certificate_id" FROM "punishment_certificate" pc WHERE pc."punishment_id" = OLD."id")
    OR (OLD."certificate_id" IS NULL AND c."person_id" = OLD."person_id"
      AND NOT EXISTS (SELECT 1 FROM "punishment_certificate" pc0 WHERE pc0."punishment_id" = OLD."id")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "punishment_recheck_upd" AFTER UPDATE ON "punishment" FOR EACH ROW
  WHEN (OLD."type" = '暂扣' AND OLD."review_state" = 'approved'
    AND (OLD."type", OLD."review_state", OLD."start_date", OLD."end_date", OLD."certificate_id", OLD."person_id")
      IS DISTINCT FROM (NEW."type", NEW."review_state", NEW."start_date", NEW."end_date", NEW."certificate_id", NEW."person_id"))
  EXECUTE FUNCTION "suspension_recheck_named"();--> statement-breakpoint
CREATE TRIGGER "punishment_recheck_del" AFTER DELETE ON "punishment" FOR EACH ROW
  WHEN (OLD."type" = '暂扣' AND OLD."review_state" = 'approved')
  EXECUTE FUNCTION "suspension_recheck_named"();--> statement-breakpoint
-- Certificates unnamed from a punishment (also as its deletion cascades, when the punishment is gone
-- and its type unknown: any punishment), and a person's certificates when a punishment of the whole
-- person comes to name some (the others are unnamed).
CREATE FUNCTION "suspension_recheck_unnamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per operation: a statement naming a transition table the trigger lacks cannot be planned.
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "suspension_recheck" ("certificate_id")
    SELECT c."id" FROM "certificate" c WHERE c."status" = '02' AND c."id" IN (SELECT "certificate_id" FROM old_rows);
  ELSE
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO "suspension_recheck" ("certificate_id")
      SELECT c."id" FROM "certificate" c WHERE c."status" = '02' AND c."id" IN (SELECT "certificate_id" FROM old_rows);
    END IF;
    INSERT INTO "suspension_recheck" ("certificate_id")
    SELECT c."id" FROM "certificate" c JOIN "punishment" p ON p."person_id" = c."person_id"
    WHERE c."status" = '02' AND p."type" = '暂扣' AND p."review_state" = 'approved' AND p."certificate_id" IS NULL AND p."id" IN (SELECT "punishment_id" FROM new_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "punishment_certificate_recheck_ins" AFTER INSERT ON "punishment_certificate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_recheck_unnamed"();--> statement-breakpoint
CREATE TRIGGER "punishment_certificate_recheck_upd" AFTER UPDATE ON "punishment_certificate" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_recheck_unnamed"();--> statement-breakpoint
CREATE TRIGGER "punishment_certificate_recheck_del" AFTER DELETE ON "punishment_certificate" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_recheck_unnamed"();--> statement-breakpoint
-- A certificate that became 02 (set by hand, imported, suspended) or changed hands while 02.
CREATE FUNCTION "suspension_recheck_certificate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "suspension_recheck" ("certificate_id") VALUES (NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "certificate_recheck_upd" AFTER UPDATE OF "status", "person_id" ON "certificate" FOR EACH ROW
  WHEN (NEW."status" = '02' AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."person_id" IS DISTINCT FROM NEW."person_id"))
  EXECUTE FUNCTION "suspension_recheck_certificate"();--> statement-breakpoint
CREATE FUNCTION "suspension_recheck_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "suspension_recheck" ("certificate_id") SELECT "id" FROM new_rows WHERE "status" = '02';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "certificate_recheck_ins" AFTER INSERT ON "certificate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_recheck_issued"();

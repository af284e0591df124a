ALTER TABLE "punishment" ADD COLUMN "change_seq" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "written_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "punishment_unwritten_idx" ON "punishment" USING btree ("start_date","end_date","certificate_id","id","person_id") WHERE "punishment"."type" = '暂扣' and "punishment"."review_state" = 'approved' and "punishment"."written_seq" <> "punishment"."change_seq";--> statement-breakpoint
-- What may leave a certificate stored 01 under a 暂扣 the suspension job already wrote: each raises
-- that 暂扣's change_seq, so the status filter 02 looks its certificates up again (effective-status.ts).
-- A 暂扣's terms changed (approved, dates moved, another certificate or person named).
CREATE FUNCTION "suspension_terms_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."change_seq" := OLD."change_seq" + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "punishment_terms_changed" BEFORE UPDATE ON "punishment" FOR EACH ROW
  WHEN ((OLD."type", OLD."review_state", OLD."start_date", OLD."end_date", OLD."certificate_id", OLD."person_id")
    IS DISTINCT FROM (NEW."type", NEW."review_state", NEW."start_date", NEW."end_date", NEW."certificate_id", NEW."person_id"))
  EXECUTE FUNCTION "suspension_terms_changed"();--> statement-breakpoint
-- Certificates named or unnamed through punishment_certificate (unnaming the last one makes the 暂扣 the person's).
CREATE FUNCTION "suspension_certificates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per operation: a statement naming a transition table the trigger lacks cannot be planned.
  IF TG_OP = 'INSERT' THEN
    UPDATE "punishment" SET "change_seq" = "change_seq" + 1
    WHERE "type" = '暂扣' AND "id" IN (SELECT "punishment_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "punishment" SET "change_seq" = "change_seq" + 1
    WHERE "type" = '暂扣' AND "id" IN (SELECT "punishment_id" FROM old_rows);
  ELSE
    UPDATE "punishment" SET "change_seq" = "change_seq" + 1
    WHERE "type" = '暂扣' AND ("id" IN (SELECT "punishment_id" FROM new_rows) OR "id" IN (SELECT "punishment_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "punishment_certificate_ins" AFTER INSERT ON "punishment_certificate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_certificates_changed"();--> statement-breakpoint
CREATE TRIGGER "punishment_certificate_upd" AFTER UPDATE ON "punishment_certificate" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_certificates_changed"();--> statement-breakpoint
CREATE TRIGGER "punishment_certificate_del" AFTER DELETE ON "punishment_certificate" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_certificates_changed"();--> statement-breakpoint
-- New valid certificates: only a 暂扣 of the whole person can name them yet (the others name existing ones).
CREATE FUNCTION "suspension_certificates_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "punishment" SET "change_seq" = "change_seq" + 1
  WHERE "type" = '暂扣' AND "certificate_id" IS NULL AND "person_id" IN (SELECT "person_id" FROM new_rows WHERE "status" = '01');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "certificate_suspension_ins" AFTER INSERT ON "certificate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suspension_certificates_issued"();--> statement-breakpoint
-- A certificate that became 01 again (restored, revived by a delay, set by hand) or changed hands.
CREATE FUNCTION "suspension_certificate_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "punishment" SET "change_seq" = "change_seq" + 1
  WHERE "type" = '暂扣' AND ("certificate_id" = NEW."id" OR ("certificate_id" IS NULL AND "person_id" = NEW."person_id")
    OR "id" = ANY (ARRAY(SELECT pc."punishment_id" FROM "punishment_certificate" pc WHERE pc."certificate_id" = NEW."id")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "certificate_suspension_upd" AFTER UPDATE OF "status", "person_id" ON "certificate" FOR EACH ROW
  WHEN (NEW."status" = '01' AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."person_id" IS DISTINCT FROM NEW."person_id"))
  EXECUTE FUNCTION "suspension_certificate_valid"();

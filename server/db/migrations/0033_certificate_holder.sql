-- The certificate list by a typed name's or ID number's start (证书查询 by 姓名, 身份证号): the persons
-- it names were looked up first, then their certificates counted and sorted through
-- certificate(person_id) one person at a time (a two-character name: hundreds to thousands of index
-- descents a page, the most of PostgreSQL's time for such a list sixteen at a time). The holder's
-- name and ID number on the certificate itself are one range of their own index. The columns are the
-- triggers' alone, as 0032's application.holder_name: a certificate takes its person's when written,
-- and a person renamed (or their ID number corrected) changes theirs.
-- Upgrading a large database: the UPDATE rewrites every certificate (minutes for two million); run
-- `vacuum analyze certificate` afterwards (the indexes' counts read no row only once it is vacuumed).
ALTER TABLE "certificate" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "holder_id_no" text;--> statement-breakpoint
UPDATE "certificate" c SET "holder_name" = p."name", "holder_id_no" = p."id_no" FROM "person" p WHERE p."id" = c."person_id";--> statement-breakpoint
CREATE FUNCTION "certificate_holder_of_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."name", p."id_no" INTO NEW."holder_name", NEW."holder_id_no" FROM "person" p WHERE p."id" = NEW."person_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "certificate_holder_ins" BEFORE INSERT ON "certificate" FOR EACH ROW EXECUTE FUNCTION "certificate_holder_of_person"();--> statement-breakpoint
CREATE TRIGGER "certificate_holder_upd" BEFORE UPDATE OF "person_id", "holder_name", "holder_id_no" ON "certificate" FOR EACH ROW
  WHEN (OLD."person_id" IS DISTINCT FROM NEW."person_id" OR OLD."holder_name" IS DISTINCT FROM NEW."holder_name" OR OLD."holder_id_no" IS DISTINCT FROM NEW."holder_id_no")
  EXECUTE FUNCTION "certificate_holder_of_person"();--> statement-breakpoint
CREATE FUNCTION "person_holder_to_certificates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "certificate" SET "holder_name" = NEW."name", "holder_id_no" = NEW."id_no"
    WHERE "person_id" = NEW."id" AND ("holder_name" IS DISTINCT FROM NEW."name" OR "holder_id_no" IS DISTINCT FROM NEW."id_no");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "person_holder_upd" AFTER UPDATE OF "name", "id_no" ON "person" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."id_no" IS DISTINCT FROM NEW."id_no")
  EXECUTE FUNCTION "person_holder_to_certificates"();--> statement-breakpoint
CREATE INDEX "certificate_holder_name_idx" ON "certificate" USING btree ("holder_name" collate "C","issue_date","id","area");--> statement-breakpoint
CREATE INDEX "certificate_holder_id_no_idx" ON "certificate" USING btree ("holder_id_no" collate "C","issue_date","id","area");--> statement-breakpoint
ANALYZE "certificate";

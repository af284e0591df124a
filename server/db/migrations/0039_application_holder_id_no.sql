-- The work search by a typed ID number's start looked up the persons it names first (a round trip),
-- then their applications by person: sixteen requests at a time, that extra wait made it the
-- slowest list. The ID number on the application itself is one range of its own index, as the name
-- is (0032), kept by the same triggers: an application takes its person's name and ID number when
-- written, and a person's new name or ID number is written to their applications.
ALTER TABLE "application" ADD COLUMN "holder_id_no" text;--> statement-breakpoint
UPDATE "application" a SET "holder_id_no" = p."id_no" FROM "person" p WHERE p."id" = a."person_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_holder_name_of_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."name", p."id_no" INTO NEW."holder_name", NEW."holder_id_no" FROM "person" p WHERE p."id" = NEW."person_id";
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "application_holder_name_upd" ON "application";--> statement-breakpoint
CREATE TRIGGER "application_holder_name_upd" BEFORE UPDATE OF "person_id", "holder_name", "holder_id_no" ON "application" FOR EACH ROW
  WHEN (OLD."person_id" IS DISTINCT FROM NEW."person_id" OR OLD."holder_name" IS DISTINCT FROM NEW."holder_name" OR OLD."holder_id_no" IS DISTINCT FROM NEW."holder_id_no")
  EXECUTE FUNCTION "application_holder_name_of_person"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "person_name_to_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application" SET "holder_name" = NEW."name", "holder_id_no" = NEW."id_no"
    WHERE "person_id" = NEW."id" AND ("holder_name" IS DISTINCT FROM NEW."name" OR "holder_id_no" IS DISTINCT FROM NEW."id_no");
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "person_name_upd" ON "person";--> statement-breakpoint
CREATE TRIGGER "person_name_upd" AFTER UPDATE OF "name", "id_no" ON "person" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."id_no" IS DISTINCT FROM NEW."id_no")
  EXECUTE FUNCTION "person_name_to_applications"();--> statement-breakpoint
CREATE INDEX "application_holder_id_no_idx" ON "application" USING btree ("holder_id_no" collate "C","id") WHERE "application"."deleted" = false;--> statement-breakpoint
ANALYZE "application";

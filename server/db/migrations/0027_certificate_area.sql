ALTER TABLE "certificate" ADD COLUMN "area" varchar(1);--> statement-breakpoint
UPDATE "certificate" c SET "area" = e."ownership" FROM "enterprise" e WHERE e."id" = c."enterprise_id";--> statement-breakpoint
-- The certificate's area is its enterprise's ownership, whoever writes the row: set on insert and on
-- a change of enterprise (a transfer), whatever value came with it.
CREATE FUNCTION "certificate_area_of_enterprise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."area" := (SELECT e."ownership" FROM "enterprise" e WHERE e."id" = NEW."enterprise_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "certificate_area_ins" BEFORE INSERT ON "certificate" FOR EACH ROW EXECUTE FUNCTION "certificate_area_of_enterprise"();--> statement-breakpoint
CREATE TRIGGER "certificate_area_upd" BEFORE UPDATE OF "enterprise_id", "area" ON "certificate" FOR EACH ROW
  WHEN (OLD."enterprise_id" IS DISTINCT FROM NEW."enterprise_id" OR OLD."area" IS DISTINCT FROM NEW."area")
  EXECUTE FUNCTION "certificate_area_of_enterprise"();--> statement-breakpoint
-- An enterprise that changes centre takes its certificates along.
CREATE FUNCTION "enterprise_area_to_certificates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "certificate" SET "area" = NEW."ownership" WHERE "enterprise_id" = NEW."id" AND "area" IS DISTINCT FROM NEW."ownership";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "enterprise_area_upd" AFTER UPDATE OF "ownership" ON "enterprise" FOR EACH ROW
  WHEN (OLD."ownership" IS DISTINCT FROM NEW."ownership")
  EXECUTE FUNCTION "enterprise_area_to_certificates"();--> statement-breakpoint
CREATE INDEX "certificate_area_issue_idx" ON "certificate" USING btree ("area","issue_date","id");--> statement-breakpoint
CREATE INDEX "certificate_area_status_idx" ON "certificate" USING btree ("area","status","issue_date","id","person_id");--> statement-breakpoint
CREATE INDEX "certificate_area_category_idx" ON "certificate" USING btree ("area","category","status","issue_date","id","person_id");--> statement-breakpoint
CREATE INDEX "certificate_area_expiry_idx" ON "certificate" USING btree ("area","status","expiry_date","id","person_id");--> statement-breakpoint
ANALYZE "certificate";

-- A centre's enterprises by licence validity (expired, expiring): the list's bounded count read
-- 1,481 heap pages of the province's expired licences to keep a centre's 872 (1.7 ms at the
-- province's scale); from this index alone it reads the 872 entries.
CREATE INDEX "enterprise_ownership_licence_idx" ON "enterprise" USING btree ("ownership","licence_valid_to");--> statement-breakpoint
-- The district names lists and figures show (search/districts.ts) are kept per dictionaries' version
-- like the labels: any change to sys_district, by any path, moves that version (migration 0023).
CREATE TRIGGER "sys_district_dict_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_district" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();

DROP INDEX "person_name_c_idx";--> statement-breakpoint
DROP INDEX "person_id_no_c_idx";--> statement-breakpoint
CREATE INDEX "person_name_c_idx" ON "person" USING btree ("name" collate "C","enterprise_id","id");--> statement-breakpoint
CREATE INDEX "person_id_no_c_idx" ON "person" USING btree ("id_no" collate "C","enterprise_id","id");
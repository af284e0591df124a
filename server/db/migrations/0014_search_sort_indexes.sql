CREATE TABLE "stat_certificate_city" (
	"category" varchar(2) NOT NULL,
	"status" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"issue_year" integer NOT NULL,
	"total" integer NOT NULL,
	"expiring" integer NOT NULL,
	CONSTRAINT "stat_certificate_city_pk" PRIMARY KEY("category","status","area","city_code","issue_year")
);
--> statement-breakpoint
DROP INDEX "application_history_actor_idx";--> statement-breakpoint
DROP INDEX "certificate_person_idx";--> statement-breakpoint
DROP INDEX "person_name_c_idx";--> statement-breakpoint
DROP INDEX "person_id_no_c_idx";--> statement-breakpoint
CREATE INDEX "application_submitted_desc_idx" ON "application" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_closed_desc_idx" ON "application" USING btree ("closed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_accepted_idx" ON "application" USING btree ("accepted_at","id");--> statement-breakpoint
CREATE INDEX "application_accepted_desc_idx" ON "application" USING btree ("accepted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_updated_idx" ON "application" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "application_type_sort_idx" ON "application" USING btree ("business_type","id");--> statement-breakpoint
CREATE INDEX "application_status_sort_idx" ON "application" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "application_status_step_idx" ON "application" USING btree ("status","step");--> statement-breakpoint
CREATE INDEX "cert_check_record_found_time_idx" ON "cert_check_record" USING btree ("found","checked_at");--> statement-breakpoint
CREATE INDEX "certificate_expiry_idx" ON "certificate" USING btree ("expiry_date","id");--> statement-breakpoint
CREATE INDEX "certificate_status_sort_idx" ON "certificate" USING btree ("status","issue_date","id");--> statement-breakpoint
CREATE INDEX "certificate_category_sort_idx" ON "certificate" USING btree ("category","issue_date","id");--> statement-breakpoint
CREATE INDEX "certificate_print_count_idx" ON "certificate" USING btree ("print_count","id");--> statement-breakpoint
CREATE INDEX "certificate_category_status_person_idx" ON "certificate" USING btree ("category","status","person_id");--> statement-breakpoint
CREATE INDEX "person_birth_date_idx" ON "person" USING btree ("birth_date","id");--> statement-breakpoint
CREATE INDEX "person_employ_status_idx" ON "person" USING btree ("employ_status");--> statement-breakpoint
CREATE INDEX "application_history_actor_idx" ON "application_history" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "certificate_person_idx" ON "certificate" USING btree ("person_id","enterprise_id");--> statement-breakpoint
CREATE INDEX "person_name_c_idx" ON "person" USING btree ("name" collate "C","enterprise_id");--> statement-breakpoint
CREATE INDEX "person_id_no_c_idx" ON "person" USING btree ("id_no" collate "C","enterprise_id");
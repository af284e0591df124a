CREATE TABLE "stat_application_closed" (
	"month" varchar(7) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"status" integer NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"area" varchar(1) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"total" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "stat_application_closed_pk" PRIMARY KEY("month","business_type","status","outcome","area","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_application_open" (
	"business_type" varchar(24) NOT NULL,
	"status" integer NOT NULL,
	"step" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"age_bucket" integer NOT NULL,
	"overdue" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "stat_application_open_pk" PRIMARY KEY("business_type","status","step","area","city_code","age_bucket","overdue")
);
--> statement-breakpoint
CREATE TABLE "stat_application_submitted" (
	"month" varchar(7) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"area" varchar(1) NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "stat_application_submitted_pk" PRIMARY KEY("month","business_type","area")
);
--> statement-breakpoint
CREATE TABLE "stat_cert_issue_month" (
	"month" varchar(7) NOT NULL,
	"category" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "stat_cert_issue_month_pk" PRIMARY KEY("month","category","area")
);
--> statement-breakpoint
CREATE TABLE "stat_certificate" (
	"category" varchar(2) NOT NULL,
	"status" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"district_code" varchar(12) NOT NULL,
	"issue_year" integer NOT NULL,
	"total" integer NOT NULL,
	"expiring" integer NOT NULL,
	CONSTRAINT "stat_certificate_pk" PRIMARY KEY("category","status","area","district_code","issue_year")
);
--> statement-breakpoint
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
CREATE TABLE "stat_refresh" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"as_of_day" date NOT NULL,
	"duration_ms" integer NOT NULL,
	"rows" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "application_history_actor_idx";--> statement-breakpoint
DROP INDEX "certificate_person_idx";--> statement-breakpoint
ALTER TABLE "cert_check_record" ALTER COLUMN "query_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cert_check_record" ADD COLUMN "source" varchar(8) DEFAULT 'qr' NOT NULL;--> statement-breakpoint
ALTER TABLE "cert_check_record" ADD COLUMN "query_text" varchar(100);--> statement-breakpoint
ALTER TABLE "cert_check_record" ADD COLUMN "area" varchar(1);--> statement-breakpoint
CREATE INDEX "application_apply_no_c_idx" ON "application" USING btree ("apply_no" collate "C");--> statement-breakpoint
CREATE INDEX "application_enterprise_idx" ON "application" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "application_person_idx" ON "application" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "application_submitted_idx" ON "application" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "application_closed_idx" ON "application" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "application_open_accepted_idx" ON "application" USING btree ("status","accepted_at");--> statement-breakpoint
CREATE INDEX "application_submitted_desc_idx" ON "application" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_closed_desc_idx" ON "application" USING btree ("closed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_accepted_idx" ON "application" USING btree ("accepted_at","id");--> statement-breakpoint
CREATE INDEX "application_accepted_desc_idx" ON "application" USING btree ("accepted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "application_updated_idx" ON "application" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "application_type_sort_idx" ON "application" USING btree ("business_type","id");--> statement-breakpoint
CREATE INDEX "application_status_sort_idx" ON "application" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "application_status_step_idx" ON "application" USING btree ("status","step");--> statement-breakpoint
CREATE INDEX "cert_check_record_time_idx" ON "cert_check_record" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "cert_check_record_area_time_idx" ON "cert_check_record" USING btree ("area","checked_at");--> statement-breakpoint
CREATE INDEX "cert_check_record_certificate_idx" ON "cert_check_record" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "cert_check_record_found_time_idx" ON "cert_check_record" USING btree ("found","checked_at");--> statement-breakpoint
CREATE INDEX "certificate_cert_no_c_idx" ON "certificate" USING btree ("cert_no" collate "C");--> statement-breakpoint
CREATE INDEX "certificate_cert_no_reverse_idx" ON "certificate" USING btree (reverse("cert_no") collate "C");--> statement-breakpoint
CREATE INDEX "certificate_issue_idx" ON "certificate" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "certificate_expiry_idx" ON "certificate" USING btree ("expiry_date","id");--> statement-breakpoint
CREATE INDEX "certificate_status_sort_idx" ON "certificate" USING btree ("status","issue_date","id");--> statement-breakpoint
CREATE INDEX "certificate_category_sort_idx" ON "certificate" USING btree ("category","issue_date","id");--> statement-breakpoint
CREATE INDEX "certificate_print_count_idx" ON "certificate" USING btree ("print_count","id");--> statement-breakpoint
CREATE INDEX "certificate_category_status_person_idx" ON "certificate" USING btree ("category","status","person_id");--> statement-breakpoint
CREATE INDEX "enterprise_name_c_idx" ON "enterprise" USING btree ("name" collate "C");--> statement-breakpoint
CREATE INDEX "enterprise_credit_code_c_idx" ON "enterprise" USING btree ("credit_code" collate "C");--> statement-breakpoint
CREATE INDEX "enterprise_district_c_idx" ON "enterprise" USING btree ("district_code" collate "C");--> statement-breakpoint
CREATE INDEX "person_name_c_idx" ON "person" USING btree ("name" collate "C","enterprise_id");--> statement-breakpoint
CREATE INDEX "person_id_no_c_idx" ON "person" USING btree ("id_no" collate "C","enterprise_id");--> statement-breakpoint
CREATE INDEX "person_birth_date_idx" ON "person" USING btree ("birth_date","id");--> statement-breakpoint
CREATE INDEX "person_employ_status_idx" ON "person" USING btree ("employ_status");--> statement-breakpoint
CREATE INDEX "application_history_actor_idx" ON "application_history" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "certificate_person_idx" ON "certificate" USING btree ("person_id","enterprise_id");
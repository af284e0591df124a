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
CREATE INDEX "cert_check_record_time_idx" ON "cert_check_record" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "cert_check_record_area_time_idx" ON "cert_check_record" USING btree ("area","checked_at");--> statement-breakpoint
CREATE INDEX "cert_check_record_certificate_idx" ON "cert_check_record" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "certificate_cert_no_c_idx" ON "certificate" USING btree ("cert_no" collate "C");--> statement-breakpoint
CREATE INDEX "certificate_cert_no_reverse_idx" ON "certificate" USING btree (reverse("cert_no") collate "C");--> statement-breakpoint
CREATE INDEX "certificate_issue_idx" ON "certificate" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "enterprise_name_c_idx" ON "enterprise" USING btree ("name" collate "C");--> statement-breakpoint
CREATE INDEX "enterprise_credit_code_c_idx" ON "enterprise" USING btree ("credit_code" collate "C");--> statement-breakpoint
CREATE INDEX "enterprise_district_c_idx" ON "enterprise" USING btree ("district_code" collate "C");--> statement-breakpoint
CREATE INDEX "person_name_c_idx" ON "person" USING btree ("name" collate "C");--> statement-breakpoint
CREATE INDEX "person_id_no_c_idx" ON "person" USING btree ("id_no" collate "C");
DROP INDEX "certificate_status_expiry_idx";--> statement-breakpoint
DROP INDEX "certificate_issue_idx";--> statement-breakpoint
CREATE INDEX "certificate_status_expiry_idx" ON "certificate" USING btree ("status","expiry_date","id","person_id","enterprise_id");--> statement-breakpoint
CREATE INDEX "certificate_issue_idx" ON "certificate" USING btree ("issue_date","id","status","expiry_date","person_id","enterprise_id");
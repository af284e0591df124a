DROP INDEX "application_status_step_idx";--> statement-breakpoint
CREATE INDEX "application_status_step_idx" ON "application" USING btree ("status","step","id");
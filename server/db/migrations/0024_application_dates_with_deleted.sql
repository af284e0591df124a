DROP INDEX "application_submitted_idx";--> statement-breakpoint
DROP INDEX "application_closed_idx";--> statement-breakpoint
CREATE INDEX "application_submitted_idx" ON "application" USING btree ("submitted_at","deleted");--> statement-breakpoint
CREATE INDEX "application_closed_idx" ON "application" USING btree ("closed_at","deleted");
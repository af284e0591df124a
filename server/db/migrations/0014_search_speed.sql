-- pg_trgm (a contrib extension: Debian's postgresql-15 and PGlite's @electric-sql/pglite/contrib/pg_trgm, loaded by server/db/client.ts) serves the enterprise name's trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "application_waiting_idx" ON "application" USING btree ("status","area","step","business_type","accepted_at") WHERE "application"."deleted" = false;--> statement-breakpoint
CREATE INDEX "cert_check_record_figures_idx" ON "cert_check_record" USING btree ("checked_at","source","found","certificate_id");--> statement-breakpoint
CREATE INDEX "certificate_valid_id_idx" ON "certificate" USING btree ("id") WHERE "certificate"."status" = '01';--> statement-breakpoint
CREATE INDEX "enterprise_name_trgm_idx" ON "enterprise" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "punishment_certificate_idx" ON "punishment" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "punishment_suspension_idx" ON "punishment" USING btree ("start_date","end_date","certificate_id","id","person_id") WHERE "punishment"."type" = '暂扣' and "punishment"."review_state" = 'approved';--> statement-breakpoint
CREATE INDEX "punishment_certificate_certificate_idx" ON "punishment_certificate" USING btree ("certificate_id");
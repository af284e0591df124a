ALTER TABLE "stat_application_closed" ADD COLUMN "handled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_application_closed" ADD COLUMN "work_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_application_closed_trend" ADD COLUMN "handled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_application_closed_trend" ADD COLUMN "work_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_application_closed_year" ADD COLUMN "handled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_application_closed_year" ADD COLUMN "work_days" integer DEFAULT 0 NOT NULL;
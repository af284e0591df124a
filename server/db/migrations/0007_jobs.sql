CREATE TABLE "job_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" varchar(64) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "job_setting" (
	"job" varchar(64) PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_sent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"ref" varchar(64) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "national_outbox" ADD COLUMN "state" varchar(8) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "national_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "national_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "national_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_run_job_idx" ON "job_run" USING btree ("job","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_sent_once_uq" ON "notice_sent" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "national_outbox_state_idx" ON "national_outbox" USING btree ("state");
-- 工作日历 (server/lib/workCalendar.ts): the administrators' days over the kept package's table of
-- the State Council's arrangements, and the years they entered whole. The calendar is read into
-- memory once per dictionaries' version, like the statutory deadline settings (migration 0031): any
-- change to either table, by any path, moves that version, so every API process counts deadlines
-- with the calendar as it now is.
CREATE TABLE "work_calendar_day" (
	"day" date PRIMARY KEY NOT NULL,
	"working" boolean NOT NULL,
	"name" varchar(20),
	"remark" varchar(200),
	"updated_by" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_calendar_year" (
	"year" integer PRIMARY KEY NOT NULL,
	"notice" varchar(100),
	"confirmed_by" varchar(64) NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER "work_calendar_day_dict_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "work_calendar_day" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();--> statement-breakpoint
CREATE TRIGGER "work_calendar_year_dict_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "work_calendar_year" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();

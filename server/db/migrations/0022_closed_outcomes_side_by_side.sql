-- The outcomes side by side instead of in the key (schema.ts statApplicationClosed): the rows the
-- last refresh wrote are carried over, so the figures stay until the next refresh rewrites them.
CREATE TABLE "stat_application_closed_new" (
	"month" varchar(7) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"area" varchar(1) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"total" integer NOT NULL,
	"approved" integer NOT NULL,
	"denied" integer NOT NULL,
	"rejected" integer NOT NULL,
	"days" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "stat_application_closed_new" ("month", "business_type", "area", "city_code", "total", "approved", "denied", "rejected", "days")
SELECT "month", "business_type", "area", "city_code", sum("total")::int,
  coalesce(sum("total") FILTER (WHERE "status" = 8 AND "outcome" = 'approved'), 0)::int,
  coalesce(sum("total") FILTER (WHERE "status" = 8 AND "outcome" <> 'approved'), 0)::int,
  coalesce(sum("total") FILTER (WHERE "status" = 4), 0)::int,
  sum("days")::int
FROM "stat_application_closed" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
DROP TABLE "stat_application_closed";--> statement-breakpoint
ALTER TABLE "stat_application_closed_new" RENAME TO "stat_application_closed";--> statement-breakpoint
ALTER TABLE "stat_application_closed" ADD CONSTRAINT "stat_application_closed_pk" PRIMARY KEY("month","business_type","area","city_code");

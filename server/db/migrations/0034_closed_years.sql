-- The ended applications' figures over several years read 24,000 monthly rows at the province's scale
-- (11–14 ms for one answer, 150–170 ms sixteen at a time on two cores): their whole years now come from
-- a yearly table and the per-month breakdown from one without the city. Filled here from the monthly
-- table so that an upgraded server answers before its first refresh (statistics/refresh.ts).
CREATE TABLE "stat_application_closed_trend" (
	"month" varchar(7) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"area" varchar(1) NOT NULL,
	"total" integer NOT NULL,
	"approved" integer NOT NULL,
	"denied" integer NOT NULL,
	"rejected" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "stat_application_closed_trend_pk" PRIMARY KEY("month","business_type","area")
);
--> statement-breakpoint
CREATE TABLE "stat_application_closed_year" (
	"year" varchar(4) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"area" varchar(1) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"total" integer NOT NULL,
	"approved" integer NOT NULL,
	"denied" integer NOT NULL,
	"rejected" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "stat_application_closed_year_pk" PRIMARY KEY("year","business_type","area","city_code")
);
--> statement-breakpoint
INSERT INTO "stat_application_closed_year" SELECT left("month", 4), "business_type", "area", "city_code", sum("total"), sum("approved"), sum("denied"), sum("rejected"), sum("days")
  FROM "stat_application_closed" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "stat_application_closed_trend" SELECT "month", "business_type", "area", sum("total"), sum("approved"), sum("denied"), sum("rejected"), sum("days")
  FROM "stat_application_closed" GROUP BY 1, 2, 3;

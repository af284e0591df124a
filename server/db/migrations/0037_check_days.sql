-- The check figures (GET /system/sysCheckRecord/getCheckData) counted a month of the province's
-- look-ups, 16,000 records, on every visit. A day that has ended never changes (records are stamped
-- when written and never removed), so the statistics refresh counts the days before its China day
-- here and the figures read the records only from that day on. Filled for the last refresh's day so
-- that an upgraded server's figures stay whole before its next refresh.
CREATE TABLE "stat_check_day" (
	"day" date NOT NULL,
	"area" varchar(1),
	"source" varchar(8) NOT NULL,
	"total" integer NOT NULL,
	"found" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stat_check_day_idx" ON "stat_check_day" USING btree ("day");--> statement-breakpoint
INSERT INTO "stat_check_day" ("day", "area", "source", "total", "found")
  SELECT ((r."checked_at" + interval '8 hours') at time zone 'UTC')::date, r."area", r."source", count(*), count(*) FILTER (WHERE r."found")
  FROM "cert_check_record" r, "stat_refresh" s
  WHERE s."name" = 'statistics' AND r."checked_at" < (s."as_of_day"::timestamp - interval '8 hours') AT TIME ZONE 'UTC'
  GROUP BY 1, 2, 3;

-- A city's enterprises were a range of district codes (4401 ≤ code < 4402): their ids came from the
-- district index in district order, so the first page in name order sorted all of them (广州:
-- 11,000 names, 2.5 ms a page; a centre's own city also read each row for its area, 10 ms). Keyed
-- by the code's first four digits, then name, the page is the index's first ten entries; the area
-- and the code after them let a centre's filter and the count read no row. The area and the city go
-- together as the area and the district do (0026): their joint statistics keep a centre's filter by
-- another area's city estimated at none.
CREATE INDEX "enterprise_city_name_c_idx" ON "enterprise" USING btree (substr("district_code", 1, 4),"name" collate "C","id","ownership","district_code");--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "enterprise_area_city" (mcv) ON "ownership", (substr("district_code", 1, 4)) FROM "enterprise";--> statement-breakpoint
ALTER STATISTICS "enterprise_area_city" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "enterprise";

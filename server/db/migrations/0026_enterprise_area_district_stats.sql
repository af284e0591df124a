-- An enterprise's area (ownership) and its district go together (the areas are cities), and the
-- lists filter on both at once: a centre's scope and a district picked on the page. Estimated as
-- independent, a centre filtering by a city of another area was planned for thousands of matching
-- enterprises and walked its whole list looking for them (1.5 s at the province's scale); the
-- joint values (a few hundred pairs) make it an estimate of none.
CREATE STATISTICS IF NOT EXISTS "enterprise_area_district" (mcv) ON "ownership", "district_code" FROM "enterprise";--> statement-breakpoint
ALTER STATISTICS "enterprise_area_district" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "enterprise";

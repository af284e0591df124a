-- The workbench's work summary (what a reviewer agreed, disagreed and returned today and this month)
-- filters on the event: with it in the index the month's rows are counted from the index alone
-- instead of one heap page each (a centre's reviewer at the province's scale: 3.6–9 ms → 0.8 ms).
DROP INDEX "application_history_actor_idx";--> statement-breakpoint
CREATE INDEX "application_history_actor_idx" ON "application_history" USING btree ("actor_id","created_at","event");
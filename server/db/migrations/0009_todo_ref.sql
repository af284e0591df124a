ALTER TABLE "sys_todo" ADD COLUMN "ref" varchar(64);--> statement-breakpoint
CREATE INDEX "sys_todo_ref_idx" ON "sys_todo" USING btree ("ref","status");
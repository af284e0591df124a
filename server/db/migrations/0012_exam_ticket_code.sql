ALTER TABLE "exam_signup" ADD COLUMN "verify_code" varchar(32);--> statement-breakpoint
ALTER TABLE "exam_signup" ADD COLUMN "position" varchar(2);--> statement-breakpoint
CREATE UNIQUE INDEX "exam_signup_verify_code_uq" ON "exam_signup" USING btree ("verify_code");--> statement-breakpoint
CREATE INDEX "exam_signup_batch_idx" ON "exam_signup" USING btree ("batch_id","status");
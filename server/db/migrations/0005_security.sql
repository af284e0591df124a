CREATE TABLE "personal_data_access" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"person_id" integer,
	"subject_user_id" integer,
	"subject_name" varchar(64),
	"fields" varchar(64) NOT NULL,
	"purpose" varchar(64) NOT NULL,
	"route" varchar(200) NOT NULL,
	"ip" varchar(64),
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_bucket" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "sys_user_phone_idx";--> statement-breakpoint
CREATE INDEX "personal_data_access_time_idx" ON "personal_data_access" USING btree ("accessed_at");--> statement-breakpoint
CREATE INDEX "personal_data_access_person_idx" ON "personal_data_access" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "rate_limit_bucket_reset_idx" ON "rate_limit_bucket" USING btree ("reset_at");--> statement-breakpoint
-- Accounts that shared a phone keep it on the oldest account only; the others must enter theirs again.
UPDATE "sys_user" u SET "phone" = NULL WHERE u."phone" IS NOT NULL AND u."phone" <> '' AND EXISTS (
	SELECT 1 FROM "sys_user" o WHERE o."phone" = u."phone" AND o."user_id" < u."user_id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_phone_uq" ON "sys_user" USING btree ("phone") WHERE "sys_user"."phone" is not null and "sys_user"."phone" <> '';
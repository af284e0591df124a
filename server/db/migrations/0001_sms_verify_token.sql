ALTER TABLE "sys_sms_code" ADD COLUMN "verify_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_sms_code" ADD COLUMN "purpose" varchar(16) DEFAULT 'login' NOT NULL;
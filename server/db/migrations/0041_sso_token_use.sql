CREATE TABLE "sso_token_use" (
	"token_key" varchar(64) PRIMARY KEY NOT NULL,
	"login_name" varchar(64),
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "sso_token_use_expires_idx" ON "sso_token_use" USING btree ("expires_at");
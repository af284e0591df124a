-- Until now issue_date was both 发证日期 and the start of the validity; existing rows keep that meaning for both.
ALTER TABLE "certificate" ADD COLUMN "valid_from" date;--> statement-breakpoint
UPDATE "certificate" SET "valid_from" = "issue_date";--> statement-breakpoint
ALTER TABLE "certificate" ALTER COLUMN "valid_from" SET NOT NULL;

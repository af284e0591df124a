ALTER TABLE "certificate_history" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "suspended_from" date;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "suspended_to" date;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD COLUMN "event" varchar(16);--> statement-breakpoint
ALTER TABLE "certificate_history" ADD COLUMN "event_data" jsonb;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD COLUMN "job" varchar(32);--> statement-breakpoint
ALTER TABLE "certificate_history" ADD COLUMN "punishment_id" integer;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD COLUMN "state_before" jsonb;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD COLUMN "state_after" jsonb;--> statement-breakpoint
-- The period of the 暂扣 in force today of each certificate stored 02 (approved 暂扣 naming it through
-- punishment_certificate, by punishment.certificate_id, or naming none and so every certificate of the person).
UPDATE "certificate" c SET "suspended_from" = s."from_day", "suspended_to" = s."to_day"
FROM (
  SELECT x."certificate_id", min(x."start_date") AS "from_day", CASE WHEN bool_or(x."end_date" IS NULL) THEN NULL ELSE max(x."end_date") END AS "to_day"
  FROM (
    SELECT pc."certificate_id", p."start_date", p."end_date" FROM "punishment_certificate" pc JOIN "punishment" p ON p."id" = pc."punishment_id"
      WHERE p."type" = '暂扣' AND p."review_state" = 'approved'
    UNION ALL SELECT p."certificate_id", p."start_date", p."end_date" FROM "punishment" p
      WHERE p."certificate_id" IS NOT NULL AND p."type" = '暂扣' AND p."review_state" = 'approved'
    UNION ALL SELECT c2."id", p."start_date", p."end_date" FROM "punishment" p JOIN "certificate" c2 ON c2."person_id" = p."person_id"
      WHERE p."certificate_id" IS NULL AND p."type" = '暂扣' AND p."review_state" = 'approved'
        AND NOT EXISTS (SELECT 1 FROM "punishment_certificate" pc0 WHERE pc0."punishment_id" = p."id")
  ) x
  WHERE x."start_date" <= (now() AT TIME ZONE 'Asia/Shanghai')::date AND (x."end_date" IS NULL OR x."end_date" >= (now() AT TIME ZONE 'Asia/Shanghai')::date)
  GROUP BY x."certificate_id"
) s
WHERE c."id" = s."certificate_id" AND c."status" = '02';--> statement-breakpoint
-- Where the replay of each existing certificate starts: the state it has as the machine takes over
-- (the rows kept before have no event). A status that is no state of the machine (99) is kept as it
-- is, for the housekeeping's invariant check to name.
INSERT INTO "certificate_history" ("certificate_id", "version", "data", "reason", "changed_at", "event", "state_after")
SELECT c."id", c."version", NULL, 'adopt', now(), 'ADOPT', jsonb_build_object(
  'value', CASE c."status" WHEN '01' THEN 'valid' WHEN '02' THEN 'suspended' WHEN '03' THEN 'rescinded' WHEN '04' THEN 'cancelled'
    WHEN '05' THEN 'expired' WHEN '06' THEN 'transferredOut' WHEN '07' THEN 'revoked' ELSE c."status" END,
  'context', jsonb_build_object('certNo', c."cert_no", 'category', c."category", 'personId', c."person_id", 'enterpriseId', c."enterprise_id",
    'position', c."position", 'issueDate', c."issue_date", 'validFrom', c."valid_from", 'expiryDate', c."expiry_date", 'version', c."version",
    'queryCode', c."query_code", 'suspendedFrom', c."suspended_from", 'suspendedTo', c."suspended_to"))
FROM "certificate" c ORDER BY c."id";

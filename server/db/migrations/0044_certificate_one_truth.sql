-- The certificate machine's writer is the one truth of a certificate's status (migration 0043): the
-- read-time 暂扣 overlay and the marks and triggers that kept it honest (migrations 0020 and 0028) go.
DROP TRIGGER IF EXISTS "punishment_terms_changed" ON "punishment";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_certificate_ins" ON "punishment_certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_certificate_upd" ON "punishment_certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_certificate_del" ON "punishment_certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "certificate_suspension_ins" ON "certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "certificate_suspension_upd" ON "certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_recheck_upd" ON "punishment";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_recheck_del" ON "punishment";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_certificate_recheck_ins" ON "punishment_certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_certificate_recheck_upd" ON "punishment_certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "punishment_certificate_recheck_del" ON "punishment_certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "certificate_recheck_upd" ON "certificate";--> statement-breakpoint
DROP TRIGGER IF EXISTS "certificate_recheck_ins" ON "certificate";--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_terms_changed"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_certificates_changed"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_certificates_issued"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_certificate_valid"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_recheck_named"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_recheck_unnamed"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_recheck_certificate"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "suspension_recheck_issued"();--> statement-breakpoint
DROP TABLE "suspension_recheck" CASCADE;--> statement-breakpoint
DROP INDEX "certificate_valid_id_idx";--> statement-breakpoint
DROP INDEX "punishment_unwritten_idx";--> statement-breakpoint
DROP INDEX "punishment_unrestored_idx";--> statement-breakpoint
ALTER TABLE "punishment" DROP COLUMN "change_seq";--> statement-breakpoint
ALTER TABLE "punishment" DROP COLUMN "written_seq";--> statement-breakpoint
ALTER TABLE "punishment" DROP COLUMN "restored_seq";

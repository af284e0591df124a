CREATE TABLE "cert_no_sequence" (
	"category" varchar(2) NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "cert_no_sequence_category_year_pk" PRIMARY KEY("category","year")
);
--> statement-breakpoint
CREATE TABLE "certificate_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"reason" varchar(24) NOT NULL,
	"application_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_result" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"category" varchar(2) NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"exam_date" date NOT NULL,
	"attended" varchar(1) DEFAULT '1' NOT NULL,
	"knowledge_result" varchar(1) NOT NULL,
	"ability_result" varchar(1) NOT NULL,
	"knowledge_score" integer,
	"ability_score" integer
);
--> statement-breakpoint
CREATE TABLE "national_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"certificate_id" integer,
	"application_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "punishment" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"certificate_id" integer,
	"type" varchar(8) NOT NULL,
	"doc_no" varchar(64) NOT NULL,
	"reason" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"ban_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_catalog" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_oss" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"file_suffix" varchar(16) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"service" varchar(16) DEFAULT 'local' NOT NULL,
	"storage_key" text NOT NULL,
	"owner_ref" varchar(64),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_oss_config" (
	"oss_config_id" serial PRIMARY KEY NOT NULL,
	"config_key" varchar(32) NOT NULL,
	"endpoint" varchar(200),
	"region" varchar(64),
	"bucket_name" varchar(100),
	"prefix" varchar(100),
	"access_key" varchar(200),
	"secret_key" varchar(200),
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_record_review" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" varchar(8) NOT NULL,
	"record_id" integer,
	"check_status" varchar(1) NOT NULL,
	"proposed" jsonb NOT NULL,
	"current" jsonb,
	"snapshot" jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"submitted_by" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "sys_user_group" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"group_name" varchar(64) NOT NULL,
	"remark" text,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_group_member" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "sys_user_group_member_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "printed_version" integer;--> statement-breakpoint
ALTER TABLE "certificate" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD CONSTRAINT "certificate_history_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_history" ADD CONSTRAINT "certificate_history_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_result" ADD CONSTRAINT "exam_result_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_outbox" ADD CONSTRAINT "national_outbox_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_outbox" ADD CONSTRAINT "national_outbox_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishment" ADD CONSTRAINT "punishment_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishment" ADD CONSTRAINT "punishment_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_oss" ADD CONSTRAINT "sys_oss_created_by_sys_user_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_record_review" ADD CONSTRAINT "sys_record_review_submitted_by_sys_user_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_record_review" ADD CONSTRAINT "sys_record_review_reviewed_by_sys_user_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_group_member" ADD CONSTRAINT "sys_user_group_member_group_id_sys_user_group_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sys_user_group"("group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_group_member" ADD CONSTRAINT "sys_user_group_member_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_history_cert_idx" ON "certificate_history" USING btree ("certificate_id","version");--> statement-breakpoint
CREATE INDEX "exam_result_person_idx" ON "exam_result" USING btree ("person_id","category");--> statement-breakpoint
CREATE INDEX "national_outbox_unsent_idx" ON "national_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "punishment_person_idx" ON "punishment" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_catalog_kind_code_uq" ON "sys_catalog" USING btree ("kind","code");--> statement-breakpoint
CREATE INDEX "sys_catalog_kind_idx" ON "sys_catalog" USING btree ("kind","sort_order");--> statement-breakpoint
CREATE INDEX "sys_oss_owner_idx" ON "sys_oss" USING btree ("owner_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_oss_config_key_uq" ON "sys_oss_config" USING btree ("config_key");--> statement-breakpoint
CREATE INDEX "sys_record_review_entity_idx" ON "sys_record_review" USING btree ("entity","state");--> statement-breakpoint
CREATE INDEX "sys_record_review_record_idx" ON "sys_record_review" USING btree ("entity","record_id");
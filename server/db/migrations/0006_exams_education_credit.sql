CREATE TABLE "data_import" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"rows" integer NOT NULL,
	"written" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"name" varchar(200) NOT NULL,
	"category" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"place" varchar(200) NOT NULL,
	"knowledge_start" timestamp with time zone NOT NULL,
	"knowledge_end" timestamp with time zone NOT NULL,
	"ability_start" timestamp with time zone NOT NULL,
	"ability_end" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"signup_from" date NOT NULL,
	"signup_to" date NOT NULL,
	"state" varchar(16) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_signup" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"category" varchar(2) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"refuse_reason" text,
	"ticket_no" varchar(32),
	"seat_no" varchar(16),
	"signed_by" integer NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punishment_certificate" (
	"punishment_id" integer NOT NULL,
	"certificate_id" integer NOT NULL,
	CONSTRAINT "punishment_certificate_punishment_id_certificate_id_pk" PRIMARY KEY("punishment_id","certificate_id")
);
--> statement-breakpoint
ALTER TABLE "education_record" ADD COLUMN "started_on" date;--> statement-breakpoint
ALTER TABLE "education_record" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "education_record" ADD COLUMN "row_key" varchar(64);--> statement-breakpoint
ALTER TABLE "exam_result" ADD COLUMN "signup_id" integer;--> statement-breakpoint
ALTER TABLE "exam_result" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "violate_type" varchar(64);--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "ban_years" integer;--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "review_state" varchar(12) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "punishment" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_signup" ADD CONSTRAINT "exam_signup_batch_id_exam_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_signup" ADD CONSTRAINT "exam_signup_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishment_certificate" ADD CONSTRAINT "punishment_certificate_punishment_id_punishment_id_fk" FOREIGN KEY ("punishment_id") REFERENCES "public"."punishment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punishment_certificate" ADD CONSTRAINT "punishment_certificate_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_import_kind_idx" ON "data_import" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_batch_no_uq" ON "exam_batch" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "exam_batch_area_idx" ON "exam_batch" USING btree ("area","state");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_signup_once_uq" ON "exam_signup" USING btree ("batch_id","person_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_signup_ticket_uq" ON "exam_signup" USING btree ("ticket_no");--> statement-breakpoint
CREATE INDEX "exam_signup_person_idx" ON "exam_signup" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "education_record_row_key_uq" ON "education_record" USING btree ("row_key");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_result_signup_uq" ON "exam_result" USING btree ("signup_id");
CREATE TABLE "application" (
	"id" serial PRIMARY KEY NOT NULL,
	"apply_no" varchar(32) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"applicant_user_id" integer NOT NULL,
	"enterprise_id" integer,
	"person_id" integer,
	"holder_user_id" integer,
	"certificate_id" integer,
	"area" varchar(1) NOT NULL,
	"status" integer NOT NULL,
	"step" varchar(2),
	"version" integer DEFAULT 0 NOT NULL,
	"snapshot" jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" varchar(10),
	"submitted_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"version" integer NOT NULL,
	"event" varchar(16) NOT NULL,
	"result_code" integer,
	"step" varchar(2),
	"actor_id" integer NOT NULL,
	"actor_name" varchar(64) NOT NULL,
	"role_key" varchar(64) NOT NULL,
	"comment" text,
	"from_state" varchar(40) NOT NULL,
	"to_state" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_applicant_user_id_sys_user_user_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_holder_user_id_sys_user_user_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_actor_id_sys_user_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_apply_no_uq" ON "application" USING btree ("apply_no");--> statement-breakpoint
CREATE INDEX "application_queue_idx" ON "application" USING btree ("area","status","step");--> statement-breakpoint
CREATE INDEX "application_type_idx" ON "application" USING btree ("business_type","status");--> statement-breakpoint
CREATE INDEX "application_applicant_idx" ON "application" USING btree ("applicant_user_id");--> statement-breakpoint
CREATE INDEX "application_holder_idx" ON "application" USING btree ("holder_user_id");--> statement-breakpoint
CREATE INDEX "application_certificate_idx" ON "application" USING btree ("certificate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_history_version_uq" ON "application_history" USING btree ("application_id","version");--> statement-breakpoint
CREATE INDEX "application_history_actor_idx" ON "application_history" USING btree ("actor_id");
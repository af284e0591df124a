CREATE TABLE "cert_check_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"query_code" varchar(32) NOT NULL,
	"certificate_id" integer,
	"found" boolean NOT NULL,
	"ip" varchar(64),
	"user_agent" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"cert_no" varchar(40) NOT NULL,
	"category" varchar(2) NOT NULL,
	"person_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"position" varchar(2) NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"status" varchar(2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"query_code" varchar(32) NOT NULL,
	"issuing_authority" varchar(100) NOT NULL,
	"print_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "education_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"cert_no" varchar(40),
	"course" varchar(200) NOT NULL,
	"provider" varchar(200),
	"hours" numeric(6, 1) NOT NULL,
	"finished_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "enterprise" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"name" varchar(200) NOT NULL,
	"legal_representative" varchar(64) NOT NULL,
	"address" varchar(300) NOT NULL,
	"district_code" varchar(12) NOT NULL,
	"ownership" varchar(1) NOT NULL,
	"qualification" varchar(100),
	"licence_no" varchar(64),
	"licence_valid_to" date,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"sex" varchar(1) NOT NULL,
	"id_type" varchar(3) DEFAULT '111' NOT NULL,
	"id_no" varchar(32) NOT NULL,
	"birth_date" date NOT NULL,
	"education" varchar(2),
	"title" varchar(2),
	"phone" varchar(20),
	"enterprise_id" integer,
	"employ_status" varchar(2) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reg_constructor" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"enterprise_id" integer NOT NULL,
	"reg_no" varchar(64) NOT NULL,
	"major" varchar(64),
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "sys_captcha" (
	"uuid" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"config_id" serial PRIMARY KEY NOT NULL,
	"config_name" varchar(100) NOT NULL,
	"config_key" varchar(100) NOT NULL,
	"config_value" text NOT NULL,
	"config_type" varchar(1) DEFAULT 'N' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dept" (
	"dept_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"ancestors" text DEFAULT '0' NOT NULL,
	"dept_name" varchar(100) NOT NULL,
	"area" varchar(1),
	"order_num" integer DEFAULT 0 NOT NULL,
	"leader" varchar(50),
	"phone" varchar(20),
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_data" (
	"dict_code" serial PRIMARY KEY NOT NULL,
	"dict_sort" integer DEFAULT 0 NOT NULL,
	"dict_label" varchar(100) NOT NULL,
	"dict_value" varchar(100) NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"numeric" boolean DEFAULT true NOT NULL,
	"list_class" varchar(32),
	"is_default" varchar(1) DEFAULT 'N' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"dict_id" serial PRIMARY KEY NOT NULL,
	"dict_name" varchar(100) NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_district" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"parent_code" varchar(12),
	"level" integer NOT NULL,
	"area" varchar(1),
	"order_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_log" (
	"info_id" bigserial PRIMARY KEY NOT NULL,
	"user_name" varchar(64),
	"method" varchar(16) NOT NULL,
	"ipaddr" varchar(64),
	"user_agent" text,
	"status" varchar(1) NOT NULL,
	"msg" text,
	"login_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"menu_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"menu_name" varchar(64) NOT NULL,
	"name" varchar(64),
	"menu_key" varchar(100),
	"menu_type" varchar(1) DEFAULT 'C' NOT NULL,
	"path" varchar(200),
	"component" varchar(200),
	"redirect" varchar(300),
	"target" varchar(20),
	"icon" varchar(64),
	"visible" varchar(1) DEFAULT '0' NOT NULL,
	"hidden_children" boolean DEFAULT false NOT NULL,
	"hidden_header" boolean DEFAULT false NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_msg_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"msg_type" varchar(20) NOT NULL,
	"bt" varchar(200) NOT NULL,
	"nr" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"ckzt" varchar(1) DEFAULT '0' NOT NULL,
	"read_at" timestamp with time zone,
	"sender_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice" (
	"notice_id" serial PRIMARY KEY NOT NULL,
	"notice_title" varchar(200) NOT NULL,
	"notice_type" varchar(1) NOT NULL,
	"notice_content" text DEFAULT '' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_oper_log" (
	"oper_id" bigserial PRIMARY KEY NOT NULL,
	"title" varchar(64) NOT NULL,
	"action" varchar(32) NOT NULL,
	"request_method" varchar(10) NOT NULL,
	"oper_name" varchar(64),
	"oper_url" text NOT NULL,
	"oper_ip" varchar(64),
	"oper_param" text,
	"status" varchar(1) NOT NULL,
	"http_status" integer NOT NULL,
	"error_msg" text,
	"duration_ms" integer NOT NULL,
	"oper_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_password_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role_name" varchar(64) NOT NULL,
	"role_key" varchar(64) NOT NULL,
	"role_sort" integer DEFAULT 0 NOT NULL,
	"data_scope" varchar(1) DEFAULT '1' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"check_status" varchar(1),
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"user_agent" text,
	"id_token_hint" text,
	"ended_at" timestamp with time zone,
	"end_reason" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "sys_sms_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_todo" (
	"id" serial PRIMARY KEY NOT NULL,
	"mc" varchar(200) NOT NULL,
	"user_id" integer,
	"url" varchar(300),
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"user_name" varchar(64) NOT NULL,
	"nick_name" varchar(64) NOT NULL,
	"user_type" varchar(2) NOT NULL,
	"dept_id" integer,
	"enterprise_id" integer,
	"person_id" integer,
	"phone" varchar(20),
	"email" varchar(100),
	"sex" varchar(1) DEFAULT '0' NOT NULL,
	"avatar" text,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"check_status" varchar(1),
	"duty" varchar(8),
	"fail_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"login_ip" varchar(64),
	"login_date" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_record" ADD CONSTRAINT "education_record_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_record" ADD CONSTRAINT "employment_record_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_record" ADD CONSTRAINT "employment_record_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_constructor" ADD CONSTRAINT "reg_constructor_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_constructor" ADD CONSTRAINT "reg_constructor_enterprise_id_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprise"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_msg_info" ADD CONSTRAINT "sys_msg_info_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_password_history" ADD CONSTRAINT "sys_password_history_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_todo" ADD CONSTRAINT "sys_todo_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_cert_no_uq" ON "certificate" USING btree ("cert_no");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_query_code_uq" ON "certificate" USING btree ("query_code");--> statement-breakpoint
CREATE INDEX "certificate_person_idx" ON "certificate" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "certificate_enterprise_idx" ON "certificate" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "certificate_status_expiry_idx" ON "certificate" USING btree ("status","expiry_date");--> statement-breakpoint
CREATE INDEX "education_record_person_idx" ON "education_record" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "employment_record_person_idx" ON "employment_record" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_credit_code_uq" ON "enterprise" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "enterprise_ownership_idx" ON "enterprise" USING btree ("ownership");--> statement-breakpoint
CREATE UNIQUE INDEX "person_id_no_uq" ON "person" USING btree ("id_type","id_no");--> statement-breakpoint
CREATE INDEX "person_enterprise_idx" ON "person" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "reg_constructor_person_idx" ON "reg_constructor" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_config_key_uq" ON "sys_config" USING btree ("config_key");--> statement-breakpoint
CREATE INDEX "sys_dict_data_type_idx" ON "sys_dict_data" USING btree ("dict_type");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_data_type_value_uq" ON "sys_dict_data" USING btree ("dict_type","dict_value");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_type_type_uq" ON "sys_dict_type" USING btree ("dict_type");--> statement-breakpoint
CREATE INDEX "sys_district_parent_idx" ON "sys_district" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "sys_login_log_time_idx" ON "sys_login_log" USING btree ("login_time");--> statement-breakpoint
CREATE INDEX "sys_menu_parent_idx" ON "sys_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_msg_info_user_idx" ON "sys_msg_info" USING btree ("user_id","ckzt");--> statement-breakpoint
CREATE INDEX "sys_oper_log_time_idx" ON "sys_oper_log" USING btree ("oper_time");--> statement-breakpoint
CREATE INDEX "sys_password_history_user_idx" ON "sys_password_history" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_role_key_uq" ON "sys_role" USING btree ("role_key");--> statement-breakpoint
CREATE INDEX "sys_session_user_idx" ON "sys_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_sms_code_phone_idx" ON "sys_sms_code" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sys_todo_user_idx" ON "sys_todo" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_user_name_uq" ON "sys_user" USING btree ("user_name");--> statement-breakpoint
CREATE INDEX "sys_user_phone_idx" ON "sys_user" USING btree ("phone");
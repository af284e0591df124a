CREATE TABLE "stat_application_closed" (
	"month" varchar(7) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"status" integer NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"area" varchar(1) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"total" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "stat_application_closed_pk" PRIMARY KEY("month","business_type","status","outcome","area","city_code")
);
--> statement-breakpoint
CREATE TABLE "stat_application_open" (
	"business_type" varchar(24) NOT NULL,
	"status" integer NOT NULL,
	"step" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"age_bucket" integer NOT NULL,
	"overdue" boolean NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "stat_application_open_pk" PRIMARY KEY("business_type","status","step","area","city_code","age_bucket","overdue")
);
--> statement-breakpoint
CREATE TABLE "stat_application_submitted" (
	"month" varchar(7) NOT NULL,
	"business_type" varchar(24) NOT NULL,
	"area" varchar(1) NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "stat_application_submitted_pk" PRIMARY KEY("month","business_type","area")
);
--> statement-breakpoint
CREATE TABLE "stat_cert_issue_month" (
	"month" varchar(7) NOT NULL,
	"category" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "stat_cert_issue_month_pk" PRIMARY KEY("month","category","area")
);
--> statement-breakpoint
CREATE TABLE "stat_certificate" (
	"category" varchar(2) NOT NULL,
	"status" varchar(2) NOT NULL,
	"area" varchar(1) NOT NULL,
	"district_code" varchar(12) NOT NULL,
	"issue_year" integer NOT NULL,
	"total" integer NOT NULL,
	"expiring" integer NOT NULL,
	CONSTRAINT "stat_certificate_pk" PRIMARY KEY("category","status","area","district_code","issue_year")
);
--> statement-breakpoint
CREATE TABLE "stat_refresh" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"as_of_day" date NOT NULL,
	"duration_ms" integer NOT NULL,
	"rows" integer NOT NULL
);

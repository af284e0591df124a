CREATE TABLE "sys_dict_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "sys_dict_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- Any change to the dictionaries, by any path (the services, the importer, the seeders, psql), moves
-- the version: the servers' cached labels are then read again.
CREATE FUNCTION "bump_dict_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sys_dict_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sys_dict_type_dict_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_dict_type" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();--> statement-breakpoint
CREATE TRIGGER "sys_dict_data_dict_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_dict_data" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();

CREATE TABLE "sys_authz_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "sys_authz_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- Any change to roles, menus or grants, by any path (the services, the seeders, seed:menus, psql),
-- moves the version: the servers' cached permissions of those roles are then read again.
CREATE FUNCTION "bump_authz_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sys_authz_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sys_role_authz_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_version"();--> statement-breakpoint
CREATE TRIGGER "sys_menu_authz_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_menu" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_version"();--> statement-breakpoint
CREATE TRIGGER "sys_role_menu_authz_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role_menu" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_version"();

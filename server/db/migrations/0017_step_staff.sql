CREATE TABLE "sys_step_staff" (
	"area" varchar(1) NOT NULL,
	"step" varchar(2) NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "sys_step_staff_pk" PRIMARY KEY("area","step","user_id")
);
--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");--> statement-breakpoint
-- The staff of each step of each centre, as the transitions' notices used to join it every time
-- (notify.ts): active staff users (type 02) of an area's department holding workflow:<step> through
-- an active role (a step's key is workflow: and its two letters; workflow:menu:view is not one).
-- Rebuilt whole (a few hundred rows) under a lock that makes concurrent rebuilds take turns, each
-- seeing what the one before committed.
CREATE FUNCTION "rebuild_step_staff"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('sys_step_staff'));
  DELETE FROM "sys_step_staff";
  INSERT INTO "sys_step_staff" ("area", "step", "user_id")
  SELECT DISTINCT d."area", substr(m."menu_key", 10), u."user_id"
  FROM "sys_menu" m
  JOIN "sys_role_menu" rm ON rm."menu_id" = m."menu_id"
  JOIN "sys_role" r ON r."role_id" = rm."role_id" AND r."status" = '1'
  JOIN "sys_user_role" ur ON ur."role_id" = r."role_id"
  JOIN "sys_user" u ON u."user_id" = ur."user_id" AND u."status" = '1' AND u."user_type" = '02'
  JOIN "sys_dept" d ON d."dept_id" = u."dept_id" AND d."area" IS NOT NULL
  WHERE m."menu_key" ~ '^workflow:[a-z]{2}$';
END $$;--> statement-breakpoint
CREATE FUNCTION "step_staff_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rebuild_step_staff"();
  RETURN NULL;
END $$;--> statement-breakpoint
-- Users: only when a staff user comes, goes, or changes status, type or department (a login's
-- update of its own row, an enterprise's registration do not rebuild anything).
CREATE FUNCTION "step_staff_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  staff_changed boolean;
BEGIN
  -- One branch per operation: a statement naming a transition table the trigger lacks cannot be planned.
  IF TG_OP = 'INSERT' THEN
    staff_changed := EXISTS (SELECT 1 FROM new_rows WHERE "user_type" = '02');
  ELSIF TG_OP = 'DELETE' THEN
    staff_changed := EXISTS (SELECT 1 FROM old_rows WHERE "user_type" = '02');
  ELSE
    staff_changed := EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n."user_id" = o."user_id"
      WHERE (o."user_type" = '02' OR n."user_type" = '02')
        AND (o."status", o."user_type", o."dept_id") IS DISTINCT FROM (n."status", n."user_type", n."dept_id"));
  END IF;
  IF staff_changed THEN PERFORM "rebuild_step_staff"(); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sys_user_step_staff_ins" AFTER INSERT ON "sys_user" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_users_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_user_step_staff_upd" AFTER UPDATE ON "sys_user" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_users_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_user_step_staff_del" AFTER DELETE ON "sys_user" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_users_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_user_step_staff_trunc" AFTER TRUNCATE ON "sys_user" FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_user_role_step_staff" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user_role" FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_role_step_staff" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role" FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_role_menu_step_staff" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_role_menu" FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_menu_step_staff" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_menu" FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_changed"();--> statement-breakpoint
CREATE TRIGGER "sys_dept_step_staff" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_dept" FOR EACH STATEMENT EXECUTE FUNCTION "step_staff_changed"();--> statement-breakpoint
SELECT "rebuild_step_staff"();

CREATE INDEX "sys_menu_key_idx" ON "sys_menu" USING btree ("menu_key");--> statement-breakpoint
CREATE INDEX "sys_role_menu_menu_idx" ON "sys_role_menu" USING btree ("menu_id");
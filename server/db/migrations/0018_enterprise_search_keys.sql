DROP INDEX "enterprise_ownership_idx";--> statement-breakpoint
DROP INDEX "enterprise_credit_code_c_idx";--> statement-breakpoint
DROP INDEX "enterprise_district_c_idx";--> statement-breakpoint
CREATE INDEX "enterprise_ownership_name_c_idx" ON "enterprise" USING btree ("ownership","name" collate "C","id");--> statement-breakpoint
CREATE INDEX "enterprise_credit_code_name_c_idx" ON "enterprise" USING btree ("credit_code" collate "C","name" collate "C","id");--> statement-breakpoint
CREATE INDEX "enterprise_district_name_c_idx" ON "enterprise" USING btree ("district_code" collate "C","name" collate "C","id");--> statement-breakpoint
CREATE INDEX "enterprise_qualification_name_c_idx" ON "enterprise" USING btree ("qualification","name" collate "C","id");--> statement-breakpoint
CREATE INDEX "enterprise_licence_valid_to_idx" ON "enterprise" USING btree ("licence_valid_to");
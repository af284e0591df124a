-- The statutory deadlines (sys_config biz.*.deadlineWorkingDays) are kept per the dictionaries'
-- version like the labels and the district names (workflow/views.ts readDeadlineLimits): the work
-- list's overdue filter read them in a round trip of its own before its page. Any change to
-- sys_config, by any path, moves that version (migration 0023).
CREATE TRIGGER "sys_config_dict_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_config" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();

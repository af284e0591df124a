-- Sign-in limits (#46 item 5): failures counted per account from any address and per account from one
-- address, the captcha for an address after many failures. A database seeded before gets the two new
-- policy rows (a fresh one gets them from the seed, which runs after the migrations: sys_config is empty then).
INSERT INTO "sys_config" ("config_name", "config_key", "config_value", "config_type", "remark")
SELECT v.name, v.key, v.value, 'Y', v.remark
FROM (VALUES
  ('账号锁定次数（所有地址）', 'sys.login.accountLockAfter', '20', '同一账号从所有地址累计失败达到该次数后锁定账户'),
  ('同一地址启用验证码的失败次数', 'sys.login.addressCaptchaAfter', '20', '同一地址15分钟内（任何账号）失败达到该次数后，该地址的登录须输入图形验证码；成功的登录不计数')
) AS v(name, key, value, remark)
WHERE EXISTS (SELECT 1 FROM "sys_config" WHERE "config_key" = 'sys.login.maxFailures')
  AND NOT EXISTS (SELECT 1 FROM "sys_config" c WHERE c."config_key" = v.key);
--> statement-breakpoint
UPDATE "sys_config" SET "remark" = '同一账号从同一地址连续失败达到该次数后，锁定该账号在该地址的登录'
WHERE "config_key" = 'sys.login.maxFailures' AND "remark" = '连续失败达到该次数后锁定账户';

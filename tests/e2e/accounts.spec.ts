/** Every demo account signs in, lands on the workbench and sees its own menu, and only that. */
import { expect, test } from '@playwright/test';
import { apiSignIn, useLanguage } from './helpers';

const ACCOUNTS: { user: string; sees: string[]; not: string[] }[] = [
  { user: 'admin', sees: ['系统管理'], not: ['企业业务', '业务办理', '个人业务'] },
  { user: 'secadmin', sees: ['系统管理'], not: ['企业业务', '业务办理'] },
  { user: 'auditor', sees: ['系统管理'], not: ['企业业务', '业务办理'] },
  { user: 'province', sees: ['业务办理', '证书打印', '统计分析'], not: ['企业业务', '个人业务'] },
  ...['gz_sl', 'gz_cb', 'gz_cs', 'gz_sh', 'gz_sp'].map((user) => ({
    user,
    sees: ['业务办理', '综合查询'],
    not: ['系统管理', '企业业务', '证书打印'],
  })),
  { user: 'gz_bj', sees: ['业务办理', '证书打印'], not: ['系统管理', '企业业务'] },
  { user: 'sz_staff', sees: ['业务办理', '证书打印'], not: ['系统管理', '企业业务'] },
  { user: 'prov_staff', sees: ['业务办理', '证书打印'], not: ['系统管理', '企业业务'] },
  ...['ent_gz', 'ent_sz', 'ent_prov'].map((user) => ({
    user,
    sees: ['企业业务'],
    not: ['系统管理', '业务办理', '个人业务'],
  })),
  ...['person1', 'person2'].map((user) => ({ user, sees: ['个人业务'], not: ['系统管理', '业务办理', '企业业务'] })),
];

for (const account of ACCOUNTS) {
  test(`${account.user} lands on the workbench with its own menu`, async ({ page }) => {
    await useLanguage(page, 'zh-CN');
    await apiSignIn(page, account.user);
    await expect(page.getByTestId('workplace')).toBeVisible();
    const menu = page.locator('.ant-pro-layout [role="menu"]').first();
    await expect(menu).toBeAttached();
    const text = (await menu.textContent()) ?? '';
    expect(text).toContain('首页');
    for (const name of account.sees) expect(text, `${account.user} should see ${name}`).toContain(name);
    for (const name of account.not) expect(text, `${account.user} should not see ${name}`).not.toContain(name);
    if (account.user === 'province') await expect(page.getByTestId('link-analysis')).toBeVisible();
    else await expect(page.getByTestId('link-analysis')).toHaveCount(0);
  });
}

test("a page outside the user's menu is not reachable", async ({ page }) => {
  await useLanguage(page, 'zh-CN');
  await apiSignIn(page, 'person1');
  await page.goto('/system/user');
  await expect(page).toHaveURL(/\/404/);
  await expect(page.getByText('抱歉，你访问的页面不存在或仍在开发中')).toBeVisible();
});

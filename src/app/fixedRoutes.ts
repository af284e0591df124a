/**
 * Fixed routes inside the basic layout (SPEC 2 fixed routes): the router mounts them, the layout
 * titles their tabs. A leaf both import, so the router and the layout do not import each other.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

const SysMsgInfo = lazyPage(() => import('@/pages/system/SysMsgInfo'));
const UpdatePwd = lazyPage(() => import('@/pages/system/UpdatePwd'));
const SysMessageCk = lazyPage(() => import('@/pages/system/SysMessageCk'));
const SysTodo = lazyPage(() => import('@/pages/system/SysTodo'));
const CasePage = lazyPage(() => import('@/pages/workflow/CasePage'));

export const FIXED_LAYOUT_ROUTES: { path: string; titleKey: string; component: LazyExoticComponent<ComponentType> }[] =
  [
    { path: '/system/sysMsgInfo/systemMsg', titleKey: 'route.systemMsg', component: SysMsgInfo },
    { path: '/system/sysMsgInfo/supervisionMsg', titleKey: 'route.supervisionMsg', component: SysMsgInfo },
    { path: '/system/sysMsgInfo/warnMsg', titleKey: 'route.warnMsg', component: SysMsgInfo },
    { path: '/system/updatePwd', titleKey: 'route.updatePwd', component: UpdatePwd },
    { path: '/system/sysMessageCk', titleKey: 'route.sysMessageCk', component: SysMessageCk },
    { path: '/system/sysTodo', titleKey: 'route.sysTodo', component: SysTodo },
    { path: '/workflow/case/:id', titleKey: 'route.case', component: CasePage },
  ];

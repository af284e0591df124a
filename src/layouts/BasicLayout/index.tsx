/**
 * Basic layout (SPEC 2 "Layouts"): ProLayout with the title and welcome line, the menu built from
 * the user's routes (side menu 256/80 collapsible, top menu by default), mobile drawer,
 * multi-tab bar, breadcrumb without the dashboard, footer and (outside production) the settings drawer.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, matchPath, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ProLayout, DefaultFooter, type MenuDataItem } from '@ant-design/pro-components';
import { App as AntApp, Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useUserRoutes } from '@/store/user';
import { breadcrumbChain, findChain, type RouteNode } from '@/app/routeBuilder';
import { deviceOf, headerHidden, sidebarOpenFor, SIDEBAR, useLayoutSettings, type Device } from '@/app/settings';
import { usePublicSettings } from '@/app/publicSettings';
import { FIXED_LAYOUT_ROUTES } from '@/app/fixedRoutes';
import MultiTab from '@/components/MultiTab';
import { storage } from '@/utils/storage';
import { menuIcon } from './icons';
import { nodeLabel } from './nodeLabel';
import RightContent from './RightContent';
import SettingDrawer from './SettingDrawer';
import './index.css';
import { accessibleShade } from '@/app/theme';
import ListEvents from './ListEvents';
import { watchScrollRegions } from '@/app/scrollRegions';

export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 80;

function toMenuData(t: TFunction, nodes: RouteNode[]): MenuDataItem[] {
  return nodes.map((n) => ({
    path: n.path,
    key: n.path,
    name: nodeLabel(t, n),
    icon: menuIcon(n.icon),
    hideInMenu: n.hidden,
    hideChildrenInMenu: n.hideChildrenInMenu,
    target: n.target,
    isUrl: n.external,
    children: n.children.length ? toMenuData(t, n.children) : undefined,
  }));
}

const DARK_BG = '#001529';

export default function BasicLayout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const routes = useUserRoutes();
  const settings = useLayoutSettings();
  const publicSettings = usePublicSettings();
  const [device, setDevice] = useState<Device>(() => deviceOf(window.innerWidth));
  const [collapsed, setCollapsed] = useState<boolean>(() => {
    const stored = storage.get<boolean>(SIDEBAR);
    return stored === null ? !sidebarOpenFor(deviceOf(window.innerWidth)) : !stored;
  });
  const [hideHeader, setHideHeader] = useState(false);

  useEffect(() => watchScrollRegions(), []);

  // Device by width (576 / 1200): mobile open, tablet collapsed, desktop open.
  useEffect(() => {
    const onResize = () => {
      const next = deviceOf(window.innerWidth);
      setDevice((prev) => {
        if (prev !== next) setCollapsed(!sidebarOpenFor(next));
        return next;
      });
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Auto-hide header past 300 px while scrolling down.
  useEffect(() => {
    if (!settings.autoHideHeader) {
      setHideHeader(false);
      return;
    }
    let prevY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHideHeader(headerHidden(prevY, y));
      prevY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [settings.autoHideHeader]);

  const onCollapse = (value: boolean) => {
    setCollapsed(value);
    storage.set(SIDEBAR, !value);
  };

  const menuData = useMemo(() => toMenuData(t, routes ?? []), [t, routes]);

  const titleOf = useCallback(
    (pathname: string) => {
      const fixed = FIXED_LAYOUT_ROUTES.find((r) => matchPath({ path: r.path, caseSensitive: false }, pathname));
      if (fixed) return t(fixed.titleKey);
      const chain = findChain(routes ?? [], pathname);
      const last = chain[chain.length - 1];
      // Queue views repeat their names under every business type (待受理 …): a tab names its business type too.
      const parent = chain.length >= 3 ? chain[chain.length - 2] : undefined;
      if (last && parent) return `${nodeLabel(t, parent)} · ${nodeLabel(t, last)}`;
      if (last) return nodeLabel(t, last);
      if (pathname.toLowerCase().startsWith('/dashboard')) return t('menu.dashboard');
      return pathname;
    },
    [t, routes],
  );

  const crumbs = useMemo(() => {
    const fixed = FIXED_LAYOUT_ROUTES.find((r) => matchPath({ path: r.path, caseSensitive: false }, location.pathname));
    if (fixed) return [{ title: t(fixed.titleKey) }];
    return breadcrumbChain(routes ?? [], location.pathname).map((n, i, all) => ({
      title: i < all.length - 1 && n.redirect ? <Link to={n.redirect}>{nodeLabel(t, n)}</Link> : nodeLabel(t, n),
    }));
  }, [location.pathname, routes, t]);

  const dark = settings.navTheme === 'dark';
  const top = settings.layout === 'topmenu';
  const headerDark = dark && top;
  // White menu text on the selected item: the primary colour's shade that white text is readable on.
  const primary = accessibleShade(settings.primaryColor);

  const token = {
    header: headerDark
      ? {
          colorBgHeader: DARK_BG,
          colorBgScrollHeader: DARK_BG,
          colorHeaderTitle: '#fff',
          colorTextMenu: 'rgba(255,255,255,0.75)',
          colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
          colorTextMenuSelected: '#fff',
          colorTextMenuActive: '#fff',
          colorBgMenuItemSelected: primary,
          colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
          colorBgMenuElevated: DARK_BG,
          colorTextRightActionsItem: 'rgba(255,255,255,0.85)',
          colorBgRightActionsItemHover: 'rgba(255,255,255,0.12)',
          heightLayoutHeader: 56,
        }
      : { heightLayoutHeader: 56 },
    sider: dark
      ? {
          colorMenuBackground: DARK_BG,
          colorBgMenuItemCollapsedElevated: DARK_BG,
          colorMenuItemDivider: 'rgba(255,255,255,0.15)',
          colorTextMenu: 'rgba(255,255,255,0.75)',
          colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
          colorTextMenuSelected: '#fff',
          colorTextMenuActive: '#fff',
          colorTextMenuItemHover: '#fff',
          colorTextMenuTitle: '#fff',
          colorTextSubMenuSelected: '#fff',
          colorBgMenuItemSelected: primary,
          colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
          colorBgCollapsedButton: '#fff',
          colorTextCollapsedButton: 'rgba(0,0,0,0.65)',
          colorTextCollapsedButtonHover: 'rgba(0,0,0,0.85)',
        }
      : {},
    bgLayout: '#f0f2f5',
    pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: 16 },
  };

  const year = new Date().getFullYear();

  // antd's App (message/modal/notification hooks for the pages) starts here, not at the root: the
  // pages before sign-in do not load its dialogs (issue 14).
  return (
    <AntApp>
      <ListEvents />
      <div
        className={`sc-basic-layout${hideHeader ? ' sc-header-hidden' : ''}${dark ? ' sc-dark' : ''}`}
        data-device={device}
      >
        <ProLayout
          title={t('title')}
          logo={<img src={LOGO} alt="" />}
          layout={top ? 'top' : 'side'}
          navTheme="light"
          token={token}
          contentWidth={settings.contentWidth}
          fixedHeader={settings.fixedHeader}
          fixSiderbar={settings.fixSiderbar}
          siderWidth={SIDER_WIDTH}
          collapsed={collapsed}
          onCollapse={onCollapse}
          breakpoint={false}
          location={{ pathname: location.pathname }}
          route={{ path: '/', children: menuData }}
          menu={{ locale: false, type: 'sub' }}
          onMenuHeaderClick={() => navigate('/dashboard')}
          menuHeaderRender={(logo) => (
            <Link to="/dashboard" data-testid="logo-link" className="sc-logo" title={t('title')}>
              {logo}
              {collapsed && !top ? null : <h1 className="sc-title">{t('title')}</h1>}
            </Link>
          )}
          menuItemRender={(item, dom) =>
            item.isUrl || /^https?:\/\//.test(item.path ?? '') ? (
              <a href={item.path} target={item.target || '_blank'} rel="noopener noreferrer">
                {dom}
              </a>
            ) : (
              <Link to={item.path ?? '/'}>{dom}</Link>
            )
          }
          subMenuItemRender={(_item, dom) => dom}
          actionsRender={() => [<RightContent key="right" dark={headerDark} />]}
          footerRender={() => (
            <DefaultFooter
              copyright={t('footer.copyright', { year })}
              links={[
                { key: 'web', title: t('footer.publicSite'), href: '/web', blankTarget: false },
                { key: 'disclosure', title: t('footer.disclosure'), href: '/web/disclosure', blankTarget: false },
              ]}
            />
          )}
          pageTitleRender={(_p, defaultTitle) => `${defaultTitle ?? ''}`}
        >
          {settings.multiTab ? <MultiTab titleOf={titleOf} /> : null}
          <div className="sc-page">
            {crumbs.length > 0 ? (
              <Breadcrumb className="sc-breadcrumb" items={crumbs} data-testid="breadcrumb" />
            ) : null}
            <Outlet />
          </div>
          {publicSettings && publicSettings.production === false ? <SettingDrawer /> : null}
        </ProLayout>
      </div>
    </AntApp>
  );
}

const LOGO =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M16 2 4 7v8c0 7.5 5.1 13.3 12 15 6.9-1.7 12-7.5 12-15V7z" fill="#1890FF"/><path d="m10 16 4 4 8-8" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  );

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContext } from 'react';
import { UNSAFE_RouteContext, useLocation } from 'react-router-dom';
import { findChain } from '@/app/routeBuilder';
import { useUserRoutes } from '@/store/user';
import ExceptionResult from './ExceptionResult';

export interface UnderConstructionProps {
  /** name of the page that is not built yet (menu title or component name) */
  name?: string;
}

interface RouteHandle {
  title?: string;
  name?: string;
  component?: string;
}

/**
 * Stand-in for a menu page whose component does not exist yet: the 404 result with its text
 * plus the page name, so a user sees which page is missing (never a blank screen).
 */
export default function UnderConstruction({ name }: UnderConstructionProps) {
  const { t } = useTranslation('exception');
  const location = useLocation();
  // works with data routers and plain <Routes> alike (useMatches needs a data router)
  const { matches } = useContext(UNSAFE_RouteContext);
  // the menu title of the current route (routes generated from the user's menu), if known
  const routes = useUserRoutes();
  let pageName = name;
  if (!pageName) {
    const last = matches.length ? matches[matches.length - 1] : undefined;
    const handle = last?.route.handle as RouteHandle | undefined;
    const chain = routes ? findChain(routes, location.pathname) : [];
    const menuTitle = chain.length ? chain[chain.length - 1].title : undefined;
    pageName = handle?.title || handle?.name || menuTitle || handle?.component || location.pathname;
  }
  return (
    <div data-testid="under-construction">
      <ExceptionResult
        type="404"
        extra={
          <>
            <Typography.Text strong data-testid="under-construction-name">
              {t('underConstructionPage', { name: pageName, interpolation: { escapeValue: false } })}
            </Typography.Text>
            {pageName !== location.pathname ? (
              <div>
                <Typography.Text type="secondary" code>
                  {location.pathname}
                </Typography.Text>
              </div>
            ) : null}
            <div>{t('underConstructionHint')}</div>
          </>
        }
      />
    </div>
  );
}

/**
 * The route table: fixed routes of SPEC 2 plus the routes generated from the user's menu
 * (src/app/routeBuilder.ts), all pages lazy.
 */
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import PageLoading from '@/components/PageLoading';
import ErrorBoundary from '@/components/ErrorBoundary';
import { useUserRoutes } from '@/store/user';
import { flattenRoutes, type RouteNode } from './routeBuilder';
import RouteGuard from './RouteGuard';
import { FIXED_LAYOUT_ROUTES } from './fixedRoutes';
import { lazyPage } from './lazyPage';

// The first pages (login, register, the public site, error pages) read only the first-page texts; the rest load them all (lazyPage).
const BasicLayout = lazyPage(() => import('@/layouts/BasicLayout'));
const UserLayout = lazy(() => import('@/layouts/UserLayout'));
const WebLayout = lazy(() => import('@/layouts/WebLayout'));
const BlankLayout = lazy(() => import('@/layouts/BlankLayout'));

const Login = lazy(() => import('@/pages/user/Login'));
const Register = lazy(() => import('@/pages/user/Register'));
const RegisterResult = lazy(() => import('@/pages/user/RegisterResult'));
const WebHome = lazy(() => import('@/pages/web/Home'));
const SignSearch = lazy(() => import('@/pages/web/SignSearch'));
const GradeSearch = lazy(() => import('@/pages/web/GradeSearch'));
const CertSearch = lazy(() => import('@/pages/web/CertSearch'));
const OutSearch = lazy(() => import('@/pages/web/OutSearch'));
const Disclosure = lazy(() => import('@/pages/web/Disclosure'));
const CertificateInfo = lazyPage(() => import('@/pages/cert/CertificateInfo'));
const Exception403 = lazy(() => import('@/pages/exception/403'));
const Exception404 = lazy(() => import('@/pages/exception/404'));
const Exception500 = lazy(() => import('@/pages/exception/500'));

const OldExam = lazy(() => import('./OldExam'));

const Workplace = lazyPage(() => import('@/pages/dashboard/Workplace'));

function Page({ component: C }: { component: LazyExoticComponent<ComponentType> | ComponentType }) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <C />
      </Suspense>
    </ErrorBoundary>
  );
}

const el = (C: LazyExoticComponent<ComponentType> | ComponentType) => <Page component={C} />;

export { FIXED_LAYOUT_ROUTES };

const registryPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** The page of a menu entry's component string; the table of pages (pageRegistry.ts) loads with the first one. */
function registryPage(component: string | undefined): LazyExoticComponent<ComponentType> {
  const key = component ?? '';
  let page = registryPages.get(key);
  if (!page) {
    page = lazyPage(() => import('./pageRegistry').then((registry) => registry.loadPage(component)));
    registryPages.set(key, page);
  }
  return page;
}

/** Route objects for the user's generated routes (flat, absolute paths). */
export function dynamicRouteObjects(nodes: RouteNode[] | null): RouteObject[] {
  if (!nodes) return [];
  const fixed = new Set(FIXED_LAYOUT_ROUTES.map((r) => r.path.toLowerCase()));
  return flattenRoutes(nodes)
    .filter((r) => !fixed.has(r.path.toLowerCase()))
    .map((r) =>
      r.redirect
        ? { path: r.path, element: <Navigate to={r.redirect} replace /> }
        : { path: r.path, element: el(registryPage(r.component)) },
    );
}

export function buildRouteTable(nodes: RouteNode[] | null): RouteObject[] {
  return [
    {
      path: '/user',
      element: el(UserLayout),
      children: [
        { index: true, element: <Navigate to="/user/login" replace /> },
        { path: 'login', element: el(Login) },
        { path: 'register', element: el(Register) },
        { path: 'registerResult', element: el(RegisterResult) },
      ],
    },
    {
      path: '/web',
      element: el(WebLayout),
      children: [
        { index: true, element: el(WebHome) },
        { path: 'signSearch', element: el(SignSearch) },
        { path: 'gradeSearch', element: el(GradeSearch) },
        { path: 'certSearch', element: el(CertSearch) },
        { path: 'outSearch', element: el(OutSearch) },
        { path: 'disclosure', element: el(Disclosure) },
      ],
    },
    { path: '/cert/:queryCode', element: el(CertificateInfo) },
    { path: '/certificateInfo/:queryCode', element: el(CertificateInfo) },
    { path: '/oldExam', element: el(OldExam) },
    {
      element: el(BlankLayout),
      children: [
        { path: '/403', element: el(Exception403) },
        { path: '/404', element: el(Exception404) },
        { path: '/500', element: el(Exception500) },
      ],
    },
    {
      path: '/',
      element: el(BasicLayout),
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        { path: '/dashboard/workplace', element: el(Workplace) },
        ...dynamicRouteObjects(nodes),
        ...FIXED_LAYOUT_ROUTES.map((r) => ({ path: r.path, element: el(r.component) })),
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

function Routes() {
  const nodes = useUserRoutes();
  const table = useMemo(() => buildRouteTable(nodes), [nodes]);
  return useRoutes(table);
}

/** Router content: the guard decides, then the route table renders. */
export default function AppRoutes() {
  return (
    <RouteGuard>
      <Routes />
    </RouteGuard>
  );
}

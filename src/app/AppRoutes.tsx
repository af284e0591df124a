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
const loadUserLayout = () => import('@/layouts/UserLayout');
const loadWebLayout = () => import('@/layouts/WebLayout');
const UserLayout = lazy(loadUserLayout);
const WebLayout = lazy(loadWebLayout);
const BlankLayout = lazy(() => import('@/layouts/BlankLayout'));

const loadLogin = () => import('@/pages/user/Login');
const Login = lazy(loadLogin);
const Register = lazy(() => import('@/pages/user/Register'));
const RegisterResult = lazy(() => import('@/pages/user/RegisterResult'));
const loadWebHome = () => import('@/pages/web/Home');
const WebHome = lazy(loadWebHome);
const SignSearch = lazy(() => import('@/pages/web/SignSearch'));
const GradeSearch = lazy(() => import('@/pages/web/GradeSearch'));
const CertSearch = lazy(() => import('@/pages/web/CertSearch'));
const OutSearch = lazy(() => import('@/pages/web/OutSearch'));
const Disclosure = lazy(() => import('@/pages/web/Disclosure'));
const ExamTicketCheck = lazyPage(() => import('@/pages/web/ExamTicket'));
const CertificateInfo = lazyPage(() => import('@/pages/cert/CertificateInfo'));
const Exception403 = lazy(() => import('@/pages/exception/403'));
const Exception404 = lazy(() => import('@/pages/exception/404'));
const Exception500 = lazy(() => import('@/pages/exception/500'));

const OldExam = lazy(() => import('./OldExam'));

const Workplace = lazyPage(() => import('@/pages/dashboard/Workplace'));

/**
 * A first visit's route: its layout and page chunks, fetched together as the app starts rather
 * than the page's only once the layout has rendered (a waterfall, and a footer that jumps when
 * the page arrives under it).
 */
const FIRST_VISIT_CHUNKS: [RegExp, (() => Promise<unknown>)[]][] = [
  [/^\/user(\/login)?\/?$/i, [loadUserLayout, loadLogin]],
  [/^\/web\/?$/i, [loadWebLayout, loadWebHome]],
  [/^\/web\//i, [loadWebLayout]],
];

export function preloadRoute(pathname: string): void {
  const hit = FIRST_VISIT_CHUNKS.find(([path]) => path.test(pathname));
  // A failed fetch shows when the route renders (ErrorBoundary), not here.
  for (const load of hit?.[1] ?? []) void load().catch(() => undefined);
}

function Page({
  component: C,
  fill = false,
}: {
  component: LazyExoticComponent<ComponentType> | ComponentType;
  fill?: boolean;
}) {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading fill={fill} />}>
        <C />
      </Suspense>
    </ErrorBoundary>
  );
}

const el = (C: LazyExoticComponent<ComponentType> | ComponentType) => <Page component={C} />;
/** A page of the public site: while it loads, the layout's footer waits below the fold instead of jumping down when the page arrives. */
const webPage = (C: LazyExoticComponent<ComponentType>) => <Page component={C} fill />;

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
        { index: true, element: webPage(WebHome) },
        { path: 'signSearch', element: webPage(SignSearch) },
        { path: 'gradeSearch', element: webPage(GradeSearch) },
        { path: 'certSearch', element: webPage(CertSearch) },
        { path: 'outSearch', element: webPage(OutSearch) },
        { path: 'disclosure', element: webPage(Disclosure) },
        { path: 'examTicket/:code', element: webPage(ExamTicketCheck) },
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

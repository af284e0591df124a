import { Outlet } from 'react-router-dom';

/** Nested view only (directory menus). */
export default function RouteView() {
  return <Outlet />;
}

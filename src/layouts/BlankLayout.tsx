import { Outlet } from 'react-router-dom';

/** Blank layout: a nested view only (SPEC 2 Layouts). */
export default function BlankLayout() {
  return <Outlet />;
}

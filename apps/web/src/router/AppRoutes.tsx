import { Navigate, Route, Routes } from 'react-router';
import { flattenRoutes } from '../access/routeChain';
import { HOME_PATH } from '../config/publicPaths';
import { PUBLIC_ROUTES, STANDALONE_ROUTES } from '../config/routes';
import type { AppRoute } from '../config/routeTypes';
import { useSessionStore } from '../stores/session';
import { lazyPage } from './lazyPage';
import PageHost from './PageHost';

// The sidebar, navbar and their dialogs load after login: /login's first load stays small (e2e/bundle.e2e.ts).
const Layout = lazyPage(() => import('../layout'));

function element(route: AppRoute) {
  if (route.component) return <PageHost component={route.component} />;
  return <Navigate to={route.redirect ?? HOME_PATH} replace />;
}

/** Public and full-screen routes stand alone; the user's routes render inside the layout; the rest is 404. */
export default function AppRoutes() {
  const routes = useSessionStore((s) => s.routes);
  return (
    <Routes>
      {[...PUBLIC_ROUTES, ...STANDALONE_ROUTES].map((r) => (
        <Route key={r.path} path={r.path} element={element(r)} />
      ))}
      <Route element={<PageHost component={Layout} />}>
        <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
        {flattenRoutes(routes).map((r) => (
          <Route key={r.path} path={r.path} element={element(r)} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

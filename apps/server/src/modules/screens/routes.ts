import {
  addScreenBody,
  alterScreenBody,
  groupIdQuery,
  removeScreensBody,
  type Screen,
  screenManageListQuery,
  screenOverviewQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
import { scopeOf } from '../../http/scope';
import type { ModuleDeps } from '../context';
import { addScreen, alterScreen, listManagedScreens, removeScreens } from './manageService';
import { parkProduction, screenOverview } from './overview';
import { listVisibleScreens } from './repo';

export function screenRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const { db } = deps;
  const tags = ['screens'];
  const { r, get, post } = apiRoutes(app, tags);
  r.get(
    '/api/merchant/screen/getScreenList',
    { config: { permitUrl: null, screenAccess: true }, schema: { tags } },
    async (req) => {
      const auth = authOf(req);
      const rows = await listVisibleScreens(db, scopeOf(auth));
      return ok(rows.map((s): Screen => ({ screenId: s.id, screenTitle: s.title, screenAddress: s.address })));
    },
  );

  // What the screens show beyond the pages' own reads: a multi-park screen's comparison, a park's production.
  // Open to anyone who may open a screen of those parks; each part is filled only for a caller who may read it.
  get('/api/merchant/screen/getScreenOverview', { permitUrl: null, screenAccess: true }, screenOverviewQuery, (req) =>
    screenOverview(db, authOf(req), req.query.screenId, deps.config.tzName),
  );
  get('/api/merchant/screen/getParkProduction', { permitUrl: null, screenAccess: true }, groupIdQuery, (req) =>
    parkProduction(db, authOf(req), req.query.groupId, deps.config.tzName),
  );

  const config = { permitUrl: '/system/LargeManage' };
  get('/api/merchant/screen/getScreenManageList', config, screenManageListQuery, (req) =>
    listManagedScreens(db, authOf(req), req.query),
  );
  post('/api/merchant/screen/addScreen', config, addScreenBody, (req) =>
    addScreen(deps, authOf(req), req.body, clientMeta(req)),
  );
  post('/api/merchant/screen/alterScreen', config, alterScreenBody, (req) =>
    alterScreen(deps, authOf(req), req.body, clientMeta(req)),
  );
  r.post('/api/merchant/screen/removeScreen', { config, schema: { tags, body: removeScreensBody } }, async (req) => {
    await removeScreens(deps, authOf(req), req.body.ids, clientMeta(req));
    return ok(null);
  });
}

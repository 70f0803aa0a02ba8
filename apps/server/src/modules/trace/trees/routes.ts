import {
  addTreeBody,
  addTreeCareBody,
  alterTreeBody,
  formatTraceCode,
  productionIdQuery,
  productionIdsBody,
  removeTreeCareBody,
  treeIdQuery,
  treeListQuery,
  treeTagsQuery,
} from '@farmpark/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../../http/apiError';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { requireParkIfGiven, scopeOf } from '../../../http/scope';
import type { ModuleDeps } from '../../context';
import { logged } from '../../production/auditLog';
import { labelSheet } from '../labels/labelSheet';
import { publicBase } from '../labels/publicBase';
import { addTreeCare, removeTreeCare, treeCare } from './care';
import * as repo from './repo';
import { addTree, alterTree, listTrees, removeTrees, toTree, treeDetail } from './service';

export const TREE_API = '/api/merchant/trace/tree';
const PERMIT = '/tracingCenter/rootsTreeCode';

/** One tree one code in the console: trees, their care records and their tag sheets. */
export function treeRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trace'];
  const c = { config: { permitUrl: PERMIT } };

  const baseOf = (req: FastifyRequest) => publicBase(db, authOf(req).merchantId, req, config);
  r.get(`${TREE_API}/getTreeList`, { ...c, schema: { tags, querystring: treeListQuery } }, async (req) =>
    ok(await listTrees(db, authOf(req), req.query, await baseOf(req))),
  );
  r.get(`${TREE_API}/getTreeDetail`, { ...c, schema: { tags, querystring: productionIdQuery } }, async (req) =>
    ok(await treeDetail(db, authOf(req), req.query.id, await baseOf(req))),
  );
  r.post(`${TREE_API}/addTree`, { ...c, schema: { tags, body: addTreeBody } }, async (req) =>
    ok(await addTree(db, authOf(req), req.body)),
  );
  r.post(`${TREE_API}/alterTree`, { ...c, schema: { tags, body: alterTreeBody } }, async (req) =>
    ok(await alterTree(db, authOf(req), req.body)),
  );
  r.post(`${TREE_API}/removeTree`, { ...c, schema: { tags, body: productionIdsBody } }, async (req) =>
    ok(await removeTrees(db, authOf(req), req.body.id)),
  );
  r.get(`${TREE_API}/getTreeCareList`, { ...c, schema: { tags, querystring: treeIdQuery } }, async (req) =>
    ok(await treeCare(db, authOf(req), req.query.treeId)),
  );
  // Care records are farm work: the system log records them as production's farm work lines.
  r.post(`${TREE_API}/addTreeCare`, { ...c, schema: { tags, body: addTreeCareBody } }, async (req) =>
    ok(
      await logged(db, req, 'farmWork', 'add', () => addTreeCare(db, authOf(req), req.body, config.tzName), {
        name: `${req.body.type} ${req.body.doneOn}`,
      }),
    ),
  );
  r.post(`${TREE_API}/removeTreeCare`, { ...c, schema: { tags, body: removeTreeCareBody } }, async (req) =>
    ok(
      await logged(
        db,
        req,
        'farmWork',
        'remove',
        () => removeTreeCare(db, authOf(req), req.body.treeId, req.body.farmWorkId),
        { id: req.body.farmWorkId },
      ),
    ),
  );
  // Tags through the label writer of one item one code: the tree's species, park and plot, its QR and code.
  r.get(`${TREE_API}/exportTreeTags`, { ...c, schema: { tags, querystring: treeTagsQuery } }, async (req, reply) => {
    const auth = authOf(req);
    requireParkIfGiven(auth, req.query.groupId);
    const base = await baseOf(req);
    const rows = await repo.treesForTags(db, scopeOf(auth), req.query);
    const missing = req.query.ids?.find((id) => !rows.some((t) => t.id === id));
    if (missing !== undefined) throw notFound(`ids ${missing}: tree`);
    const labels = rows.map((row) => {
      const t = toTree(row, base);
      return {
        title: [t.species, t.variety].filter(Boolean).join(' · '),
        lines: [t.groupName, t.plotName, t.plantedYear ? String(t.plantedYear) : ''].filter(Boolean),
        qrUrl: t.publicUrl,
        codeText: formatTraceCode(t.code),
      };
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="tree-tags.pdf"')
      .send(labelSheet({ size: req.query.size, labels, fontPath: config.cjkFont, title: 'Tree tags' }));
  });
}

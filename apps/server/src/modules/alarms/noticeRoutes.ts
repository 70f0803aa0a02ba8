import { addNoticeBody, alarmIdsBody, alterNoticeBody, noticeListQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import type { ModuleDeps } from '../context';
import { addNotice, alterNotice, enabledNotices, listNotices, removeNotices } from './notices';

/** Notices are managed with the alarm settings permission; the banner list is for any signed-in user. */
const NOTICE_ADMIN = '/alarm/alarmSet';
const P = '/api/merchant/notice';

export function noticeRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];
  r.get(`${P}/getEnableNoticeList`, { config: { permitUrl: null }, schema: { tags } }, async (req) =>
    ok(await enabledNotices(db, authOf(req), config.tzName)),
  );
  r.get(
    `${P}/getNoticeList`,
    { config: { permitUrl: NOTICE_ADMIN }, schema: { tags, querystring: noticeListQuery } },
    async (req) => ok(await listNotices(db, authOf(req), req.query)),
  );
  r.post(
    `${P}/addNotice`,
    { config: { permitUrl: NOTICE_ADMIN }, schema: { tags, body: addNoticeBody } },
    async (req) => ok(await addNotice(db, authOf(req), req.body, clientMeta(req))),
  );
  r.post(
    `${P}/alterNotice`,
    { config: { permitUrl: NOTICE_ADMIN }, schema: { tags, body: alterNoticeBody } },
    async (req) => ok(await alterNotice(db, authOf(req), req.body, clientMeta(req))),
  );
  r.post(
    `${P}/removeNotice`,
    { config: { permitUrl: NOTICE_ADMIN }, schema: { tags, body: alarmIdsBody } },
    async (req) => ok(await removeNotices(db, authOf(req), req.body.id, clientMeta(req))),
  );
}

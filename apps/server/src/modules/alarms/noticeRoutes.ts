import { addNoticeBody, alarmIdsBody, alterNoticeBody, noticeListQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { addNotice, alterNotice, enabledNotices, listNotices, removeNotices } from './notices';

/** Notices are managed with the alarm settings permission; the banner list is for any signed-in user. */
const NOTICE_ADMIN = '/alarm/alarmSet';
const P = '/api/merchant/notice';

export function noticeRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const tags = ['notices'];
  const { r, get, post } = apiRoutes(app, tags);
  r.get(`${P}/getEnableNoticeList`, { config: { permitUrl: null }, schema: { tags } }, async (req) =>
    ok(await enabledNotices(db, authOf(req), config.tzName)),
  );
  get(`${P}/getNoticeList`, NOTICE_ADMIN, noticeListQuery, (req) => listNotices(db, authOf(req), req.query));
  post(`${P}/addNotice`, NOTICE_ADMIN, addNoticeBody, (req) => addNotice(db, authOf(req), req.body, clientMeta(req)));
  post(`${P}/alterNotice`, NOTICE_ADMIN, alterNoticeBody, (req) =>
    alterNotice(db, authOf(req), req.body, clientMeta(req)),
  );
  post(`${P}/removeNotice`, NOTICE_ADMIN, alarmIdsBody, (req) =>
    removeNotices(db, authOf(req), req.body.id, clientMeta(req)),
  );
}

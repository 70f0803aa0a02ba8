import { addNoticeBody, alarmIdsBody, alterNoticeBody, noticeListQuery } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { addNotice, alterNotice, enabledNotices, listNotices, removeNotices } from './notices';

/** Notices are managed with the alarm settings permission; the banner list is for any signed-in user. */
const NOTICE_ADMIN = '/alarm/alarmSet';
const P = '/api/merchant/notice';

export function noticeRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const tags = ['notices'];
  const { r, records } = apiRoutes(app, tags);
  r.get(`${P}/getEnableNoticeList`, { config: { permitUrl: null }, schema: { tags } }, async (req) =>
    ok(await enabledNotices(db, authOf(req), config.tzName)),
  );
  records(P, 'Notice', NOTICE_ADMIN, db, {
    list: [noticeListQuery, listNotices],
    add: [addNoticeBody, addNotice],
    alter: [alterNoticeBody, alterNotice],
    remove: [alarmIdsBody, removeNotices],
  });
}

import { createReadStream } from 'node:fs';
import { parkReportListQuery, reportFileQuery, reportSettingsQuery, saveReportSettingsBody } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/authHook';
import { clientMeta } from '../../http/clientMeta';
import { contentDisposition } from '../../http/exportWriter';
import { apiRoutes } from '../../http/routes';
import type { ModuleDeps } from '../context';
import { reportFile, reportList, reportSettings, saveReportSettings } from './service';

/** Reports are a tab of the alarm settings page: its permission reads them, administrators change the schedule. */
const REPORTS = '/alarm/alarmSet';
const P = '/api/merchant/reports';

export function reportRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const tags = ['reports'];
  const { r, get, post } = apiRoutes(app, tags);
  get(`${P}/getReportSettings`, REPORTS, reportSettingsQuery, (req) =>
    reportSettings(db, authOf(req), req.query.groupId, config.tzName),
  );
  post(`${P}/saveReportSettings`, REPORTS, saveReportSettingsBody, (req) =>
    saveReportSettings(db, authOf(req), req.body, clientMeta(req)),
  );
  get(`${P}/getReportList`, REPORTS, parkReportListQuery, (req) => reportList(db, authOf(req), req.query));
  r.get(
    `${P}/getReportFile`,
    { config: { permitUrl: REPORTS }, schema: { tags, querystring: reportFileQuery } },
    async (req, reply) => {
      const f = await reportFile(db, authOf(req), req.query, config.dataDir);
      return reply
        .header('content-type', f.mime)
        .header('content-disposition', contentDisposition(f.filename))
        .send(createReadStream(f.path));
    },
  );
}

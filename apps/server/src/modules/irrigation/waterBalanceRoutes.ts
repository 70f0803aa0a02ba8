import {
  classAllowed,
  type DeviceClass,
  type MessageLang,
  type ZoneWaterBalance,
  zoneText,
  zoneWaterBalanceExportQuery,
  zoneWaterBalanceQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { type ExportColumn, type ExportRow, exportLang, exportStamp, sendExport } from '../../http/exportWriter';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { ModuleDeps } from '../context';
import { parkZone } from '../parks/service';
import * as repo from './repo';
import { zoneWaterBalance } from './waterBalance';

/** The balance export: one row per day, the columns of the console's table. */
export const WATER_BALANCE_COLUMNS: ExportColumn[] = [
  { key: 'date', header: { zh: '日期', en: 'Date' } },
  { key: 'zone', header: { zh: '分区', en: 'Zone' }, width: 20 },
  { key: 'stageName', header: { zh: '生育期', en: 'Stage' } },
  { key: 'kc', header: { zh: '作物系数 Kc', en: 'Kc' }, decimals: 2 },
  { key: 'et0Mm', header: { zh: '参考蒸散 ET0(mm)', en: 'ET0 (mm)' }, decimals: 2 },
  { key: 'etcMm', header: { zh: '作物需水 ETc(mm)', en: 'Crop water use ETc (mm)' }, decimals: 2 },
  { key: 'rainMm', header: { zh: '降雨(mm)', en: 'Rain (mm)' }, decimals: 2 },
  { key: 'effectiveRainMm', header: { zh: '有效降雨(mm)', en: 'Effective rain (mm)' }, decimals: 2 },
  { key: 'appliedM3', header: { zh: '灌水量(m³)', en: 'Water applied (m³)' }, decimals: 3 },
  { key: 'appliedMm', header: { zh: '灌水深(mm)', en: 'Water applied (mm)' }, decimals: 2 },
  { key: 'netIrrigationMm', header: { zh: '有效灌水(mm)', en: 'Net irrigation (mm)' }, decimals: 2 },
  { key: 'soilMoisture', header: { zh: '土壤含水量(%)', en: 'Soil moisture (%)' }, decimals: 2 },
  { key: 'deficitMm', header: { zh: '亏缺(mm)', en: 'Deficit (mm)' }, decimals: 2 },
];

async function* balanceRows(b: ZoneWaterBalance, lang: MessageLang): AsyncGenerator<ExportRow> {
  const zone = zoneText(lang, b.zoneNo, b.zoneName);
  for (const d of b.days) yield { zone, ...d };
}

/** The machine is the park's and of a class the caller may see (as water by zone). */
async function checked(db: Db, auth: AuthContext, q: { groupId: number; deviceId: number }) {
  requirePark(auth, q.groupId);
  const device = await repo.findDevice(db, scopeOf(auth), q.deviceId);
  if (!device || device.group_id !== q.groupId || !classAllowed(auth.grants, device.device_class as DeviceClass)) {
    throw notFound(`deviceId ${q.deviceId}: machine`);
  }
}

/** Water balance per zone (issue 26, point 2): the page's answer and its file. */
export function waterBalanceRoutes(app: FastifyInstance, deps: ModuleDeps, permitUrl: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/merchant/irrigation';
  const tags = ['irrigation'];
  r.get(
    `${base}/getZoneWaterBalance`,
    { config: { permitUrl }, schema: { tags, querystring: zoneWaterBalanceQuery } },
    async (req) => {
      const auth = authOf(req);
      await checked(deps.db, auth, req.query);
      return ok(await zoneWaterBalance(deps.db, auth, req.query, deps.config.tzName));
    },
  );
  r.get(
    `${base}/exportZoneWaterBalance`,
    { config: { permitUrl }, schema: { tags, querystring: zoneWaterBalanceExportQuery } },
    async (req, reply) => {
      const auth = authOf(req);
      await checked(deps.db, auth, req.query);
      const { format, ...q } = req.query;
      const balance = await zoneWaterBalance(deps.db, auth, q, deps.config.tzName);
      const timeZone = await parkZone(deps.db, auth, q, deps.config.tzName);
      const lang = exportLang(req);
      return sendExport(reply, {
        name: `water-balance-${q.zoneNo}-${exportStamp(timeZone)}`,
        format,
        lang,
        timeZone,
        columns: WATER_BALANCE_COLUMNS,
        rows: balanceRows(balance, lang),
      });
    },
  );
}

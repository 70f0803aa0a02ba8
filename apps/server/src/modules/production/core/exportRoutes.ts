import {
  cropExportQuery,
  harvestExportQuery,
  personnelExportQuery,
  plantingExportQuery,
  withExportZone,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { exportLang, exportStamp, sendExport } from '../../../http/exportWriter';
import type { ModuleDeps } from '../../context';
import { parkZone } from '../../parks/service';
import { CROP_EXPORT_COLUMNS, cropExportRows, STANDARD_EXPORT_COLUMNS, standardExportRows } from './crops';
import { HARVEST_EXPORT_COLUMNS, harvestExportRows } from './harvests';
import { PERSONNEL_EXPORT_COLUMNS, personnelExportRows } from './personnel';
import { allPlantings } from './plantings';

const P = '/api/merchant/production';

const PLANTING_EXPORT_COLUMNS = [
  { key: 'cropName', header: { zh: '作物', en: 'Crop' }, width: 12 },
  { key: 'variety', header: { zh: '品种', en: 'Variety' }, width: 12 },
  { key: 'areaPointName', header: { zh: '地块', en: 'Plot' }, width: 14 },
  { key: 'areaMu', header: { zh: '面积（亩）', en: 'Area (mu)' }, decimals: 1 },
  { key: 'sownOn', header: { zh: '播种日期', en: 'Sown on' }, width: 12 },
  { key: 'transplantedOn', header: { zh: '定植日期', en: 'Transplanted on' }, width: 12 },
  { key: 'expectedHarvestOn', header: { zh: '预计采收', en: 'Expected harvest' }, width: 12 },
  {
    key: 'status',
    header: { zh: '状态', en: 'Status' },
    values: {
      growing: { zh: '生长中', en: 'Growing' },
      harvested: { zh: '已采收', en: 'Harvested' },
      ended: { zh: '已结束', en: 'Ended' },
    },
  },
  { key: 'stageName', header: { zh: '当前阶段', en: 'Current stage' }, width: 12 },
  { key: 'dayNo', header: { zh: '播种后天数', en: 'Days since sowing' } },
];

async function* yieldAll<T>(rows: Promise<T[]>) {
  for (const r of await rows) yield r;
}

/** CSV and XLSX of the four lists, with the list's filters, in the reader's language and the park's zone. */
export function coreExportRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  r.get(
    `${P}/personnel/exportPersonnel`,
    {
      config: { permitUrl: '/productionManagement/personnel' },
      schema: { tags, querystring: withExportZone(personnelExportQuery) },
    },
    async (req, reply) => {
      const { format, timeZone: _z, ...filter } = req.query;
      const timeZone = await parkZone(db, authOf(req), req.query, config.tzName);
      return sendExport(reply, {
        name: `personnel-${exportStamp(timeZone)}`,
        format,
        lang: exportLang(req),
        timeZone,
        columns: PERSONNEL_EXPORT_COLUMNS,
        rows: personnelExportRows(db, authOf(req), filter),
      });
    },
  );
  r.get(
    `${P}/crop/exportCrop`,
    {
      config: { permitUrl: '/productionManagement/plant' },
      schema: { tags, querystring: withExportZone(cropExportQuery) },
    },
    async (req, reply) => {
      const timeZone = req.query.timeZone ?? config.tzName;
      return sendExport(reply, {
        name: `crops-${exportStamp(timeZone)}`,
        format: req.query.format,
        lang: exportLang(req),
        timeZone,
        columns: CROP_EXPORT_COLUMNS,
        rows: cropExportRows(db, authOf(req), req.query.keyword),
      });
    },
  );
  r.get(
    `${P}/growthStage/exportStandard`,
    {
      config: { permitUrl: '/productionManagement/growthStage' },
      schema: { tags, querystring: withExportZone(cropExportQuery) },
    },
    async (req, reply) => {
      const timeZone = req.query.timeZone ?? config.tzName;
      return sendExport(reply, {
        name: `growth-standards-${exportStamp(timeZone)}`,
        format: req.query.format,
        lang: exportLang(req),
        timeZone,
        columns: STANDARD_EXPORT_COLUMNS,
        rows: standardExportRows(db, authOf(req), req.query.keyword),
      });
    },
  );
  r.get(
    `${P}/planting/exportPlanting`,
    {
      config: { permitUrl: '/productionManagement/plant' },
      schema: { tags, querystring: withExportZone(plantingExportQuery) },
    },
    async (req, reply) => {
      const { format, timeZone: _z, ...filter } = req.query;
      const timeZone = await parkZone(db, authOf(req), req.query, config.tzName);
      const rows = allPlantings(db, authOf(req), filter, config.tzName).then((list) =>
        list.map((p) => ({ ...p, areaPointName: p.areaPointName ?? '', stageName: p.stageName ?? '' })),
      );
      return sendExport(reply, {
        name: `plantings-${exportStamp(timeZone)}`,
        format,
        lang: exportLang(req),
        timeZone,
        columns: PLANTING_EXPORT_COLUMNS,
        rows: yieldAll(rows),
      });
    },
  );
  r.get(
    `${P}/harvest/exportHarvest`,
    {
      config: { permitUrl: '/productionManagement/pickToStorage' },
      schema: { tags, querystring: withExportZone(harvestExportQuery) },
    },
    async (req, reply) => {
      const { format, timeZone: _z, ...filter } = req.query;
      const timeZone = await parkZone(db, authOf(req), req.query, config.tzName);
      return sendExport(reply, {
        name: `harvests-${exportStamp(timeZone)}`,
        format,
        lang: exportLang(req),
        timeZone,
        columns: HARVEST_EXPORT_COLUMNS,
        rows: harvestExportRows(db, authOf(req), filter),
      });
    },
  );
}

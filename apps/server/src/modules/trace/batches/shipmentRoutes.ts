import {
  addShipmentBody,
  alterShipmentBody,
  recallExportQuery,
  removeShipmentBody,
  SHIPMENT_REGIONS,
  shipmentListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import { type ExportColumn, exportLang, exportStamp, sendExport } from '../../../http/exportWriter';
import type { ModuleDeps } from '../../context';
import { zoneOfPark } from '../../parks/repo';
import { addShipment, alterShipment, listShipments, recallRows, removeShipments } from './shipments';

const P = '/api/merchant/trace/batch';

const column = (key: string, zh: string, en: string, more: Omit<ExportColumn, 'key' | 'header'> = {}) => ({
  key,
  header: { zh, en },
  ...more,
});
/** The recall list: who to call, what they got, when and where it went. */
const RECALL_COLUMNS: ExportColumn[] = [
  column('shippedOn', '发货日期', 'Shipped on', { width: 12 }),
  column('buyer', '收货方', 'Buyer', { width: 24 }),
  column('contact', '联系方式', 'Contact', { width: 16 }),
  column('region', '地区', 'Region', {
    width: 10,
    values: Object.fromEntries(Object.entries(SHIPMENT_REGIONS).map(([k, r]) => [k, { zh: r.zh, en: r.en }])),
  }),
  column('place', '地点', 'Place', { width: 24 }),
  column('quantity', '数量', 'Quantity'),
  column('unit', '单位', 'Unit', { width: 8 }),
  column('notes', '备注', 'Notes', { width: 24 }),
];

/** Shipments of a trace batch (the batch page's permit) and the recall list it exports. */
export function shipmentRoutes(app: FastifyInstance, { db, config }: ModuleDeps, permitUrl: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trace'];
  const c = { config: { permitUrl } };

  r.get(`${P}/getShipmentList`, { ...c, schema: { tags, querystring: shipmentListQuery } }, async (req) =>
    ok(await listShipments(db, authOf(req), req.query)),
  );
  r.post(`${P}/addShipment`, { ...c, schema: { tags, body: addShipmentBody } }, async (req) =>
    ok(await addShipment(db, authOf(req), req.body)),
  );
  r.post(`${P}/alterShipment`, { ...c, schema: { tags, body: alterShipmentBody } }, async (req) =>
    ok(await alterShipment(db, authOf(req), req.body)),
  );
  r.post(`${P}/removeShipment`, { ...c, schema: { tags, body: removeShipmentBody } }, async (req) =>
    ok(await removeShipments(db, authOf(req), req.body.batchId, req.body.id)),
  );
  r.get(`${P}/exportRecallList`, { ...c, schema: { tags, querystring: recallExportQuery } }, async (req, reply) => {
    const { batch, rows } = await recallRows(db, authOf(req), req.query.batchId);
    const timeZone = await zoneOfPark(db, batch.group_id, config.tzName);
    async function* cells() {
      for (const s of rows) yield { ...s };
    }
    return sendExport(reply, {
      name: `recall-${batch.lot}-${exportStamp(timeZone)}`,
      format: req.query.format,
      lang: exportLang(req),
      timeZone,
      columns: RECALL_COLUMNS,
      rows: cells(),
    });
  });
}

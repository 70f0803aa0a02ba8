import {
  addCropBody,
  addHarvestBody,
  addPersonnelBody,
  addPlantingBody,
  cropIdQuery,
  cropListQuery,
  deviceRangesQuery,
  harvestListQuery,
  personnelListQuery,
  plantingListQuery,
  plotSensorsQuery,
  productionGroupQuery,
  productionIdQuery,
  productionIdsBody,
  recordHistoryQuery,
  updateCropBody,
  updateGrowthStandardBody,
  updateHarvestBody,
  updatePersonnelBody,
  updatePlantingBody,
  updatePlotSensorsBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodObject, z } from 'zod';
import type { Db } from '../../../db/connect';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import type { AuthContext } from '../../auth/sessions';
import type { ModuleDeps } from '../../context';
import { type LogAbout, type LogVerb, logged, type ProductionTarget } from '../auditLog';
import { listRevisions } from '../revisions';
import {
  addCrop,
  cropOptions,
  growthStandard,
  listCrops,
  removeCrops,
  updateCrop,
  updateGrowthStandard,
} from './crops';
import { coreExportRoutes } from './exportRoutes';
import { addHarvest, harvestNote, harvestOptions, listHarvests, removeHarvests, updateHarvest } from './harvests';
import { plotOptions, userOptions } from './options';
import { P, PERMITS } from './permits';
import { addPersonnel, listPersonnel, personnelDetail, removePersonnel, updatePersonnel } from './personnel';
import { productionPictureRoutes } from './pictureRoutes';
import { plantingRecord } from './plantingRecord';
import {
  addPlanting,
  deviceIdealRanges,
  listPlantings,
  plantingDetail,
  plantingsOutOfRange,
  removePlantings,
  updatePlanting,
} from './plantings';
import { bindingNote, plotSensors, updatePlotSensors } from './plotSensorBindings';

export { PERMITS } from './permits';

/** What a line names of a body: the record's id and the name it is known by, so it reads after removal. */
const byName = (b: { name: string }): LogAbout => ({ name: b.name });
const idAndName = (b: { id: number; name: string }): LogAbout => ({ id: b.id, name: b.name });
const byVariety = (b: { variety: string }): LogAbout => ({ name: b.variety });
const idAndVariety = (b: { id: number; variety: string }): LogAbout => ({ id: b.id, name: b.variety });
const byNote = (b: Parameters<typeof harvestNote>[0]): LogAbout => ({ name: harvestNote(b) });
// a correction says why in its log line, as in the harvest's history
const idAndNote = (
  b: Parameters<typeof harvestNote>[0] & { id: number; correctionReason: string | null },
): LogAbout => ({
  id: b.id,
  name: `${harvestNote(b)}${b.correctionReason ? ` · ${b.correctionReason}` : ''}`,
});

/** Production core (issue 13): personnel, crops, growth standards, plantings, harvests. */
export function productionCoreRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  const { db } = deps;
  const tz = deps.config.tzName;

  /** A read: the service's answer for the caller and the query. */
  const read = <Q extends ZodObject>(
    path: string,
    permitUrl: string,
    querystring: Q | null,
    run: (auth: AuthContext, q: z.output<Q>) => Promise<unknown>,
  ) =>
    r.get(
      `${P}/${path}`,
      { config: { permitUrl }, schema: querystring ? { tags, querystring } : { tags } },
      async (req) => ok(await run(authOf(req), req.query as z.output<Q>)),
    );

  /** A write by a service, with its system log line: the record kind, the verb and what it names of the body. */
  const write = <B extends ZodObject, T>(
    path: string,
    permitUrl: string,
    body: B,
    log: [target: ProductionTarget, verb: LogVerb, about: (b: z.output<B>) => LogAbout],
    service: (db: Db, auth: AuthContext, b: z.output<B>) => Promise<T>,
  ) =>
    r.post(`${P}/${path}`, { config: { permitUrl }, schema: { tags, body } }, async (req) => {
      const b = req.body as z.output<B>;
      return ok(await logged(db, req, log[0], log[1], () => service(db, authOf(req), b), log[2](b)));
    });

  /** A removal of some records by id, logged with the ids. */
  const remove = <T>(
    path: string,
    permitUrl: string,
    target: ProductionTarget,
    service: (db: Db, auth: AuthContext, ids: number[]) => Promise<T>,
  ) =>
    write(path, permitUrl, productionIdsBody, [target, 'remove', (b) => ({ id: b.id })], (d, a, b) =>
      service(d, a, b.id),
    );

  // personnel
  const person = PERMITS.personnel;
  read('personnel/getPersonnelList', person, personnelListQuery, (a, q) => listPersonnel(db, a, q));
  read('personnel/getPersonnelDetail', person, productionIdQuery, (a, q) => personnelDetail(db, a, q.id));
  write('personnel/addPersonnel', person, addPersonnelBody, ['personnel', 'add', byName], addPersonnel);
  write('personnel/updatePersonnel', person, updatePersonnelBody, ['personnel', 'alter', idAndName], updatePersonnel);
  remove('personnel/removePersonnel', person, 'personnel', removePersonnel);
  read('personnel/getUserOptions', person, null, (a) => userOptions(db, a));

  // crops (the catalogue) and their growth standards
  const plant = PERMITS.plant;
  read('crop/getCropList', plant, cropListQuery, (a, q) => listCrops(db, a, q));
  read('crop/getCropOptions', plant, null, (a) => cropOptions(db, a));
  write('crop/addCrop', plant, addCropBody, ['crop', 'add', byName], addCrop);
  write('crop/updateCrop', plant, updateCropBody, ['crop', 'alter', idAndName], updateCrop);
  remove('crop/removeCrop', plant, 'crop', removeCrops);
  const standard = PERMITS.standard;
  const ofCrop = (b: { cropId: number }): LogAbout => ({ id: b.cropId });
  read('growthStage/getStandardList', standard, cropListQuery, (a, q) => listCrops(db, a, q));
  read('growthStage/getStandardDetail', standard, cropIdQuery, (a, q) => growthStandard(db, a, q.cropId));
  write(
    'growthStage/updateStandard',
    standard,
    updateGrowthStandardBody,
    ['growthStandard', 'alter', ofCrop],
    updateGrowthStandard,
  );

  // plantings
  read('planting/getPlantingList', plant, plantingListQuery, (a, q) => listPlantings(db, a, q, tz));
  read('planting/getPlantingDetail', plant, productionIdQuery, (a, q) => plantingDetail(db, a, q.id, tz));
  read('planting/getPlantingRecord', plant, productionIdQuery, (a, q) => plantingRecord(db, a, q.id));
  read('planting/getOutOfRangeList', plant, productionGroupQuery, (a, q) => plantingsOutOfRange(db, a, q.groupId, tz));
  read('planting/getDeviceIdealRanges', plant, deviceRangesQuery, (a, q) => deviceIdealRanges(db, a, q.deviceId, tz));
  read('planting/getPlotOptions', plant, productionGroupQuery, (a, q) => plotOptions(db, a, q.groupId));
  write('planting/addPlanting', plant, addPlantingBody, ['planting', 'add', byVariety], addPlanting);
  write('planting/updatePlanting', plant, updatePlantingBody, ['planting', 'alter', idAndVariety], updatePlanting);
  remove('planting/removePlanting', plant, 'planting', removePlantings);
  // the sensors that judge a plot's plantings: read and bound on the crops page's own permit
  read('planting/getPlotSensors', plant, plotSensorsQuery, (a, q) => plotSensors(db, a, q));
  write(
    'planting/updatePlotSensors',
    plant,
    updatePlotSensorsBody,
    ['plotSensors', 'alter', bindingNote],
    updatePlotSensors,
  );

  // harvests
  const harvest = PERMITS.harvest;
  read('harvest/getHarvestList', harvest, harvestListQuery, (a, q) => listHarvests(db, a, q));
  read('harvest/getHarvestOptions', harvest, productionGroupQuery, (a, q) => harvestOptions(db, a, q.groupId));
  read('harvest/getHarvestHistory', harvest, recordHistoryQuery, (a, q) => listRevisions(db, a, 'harvest', q));
  write('harvest/addHarvest', harvest, addHarvestBody, ['harvest', 'add', byNote], (d, a, b) =>
    addHarvest(d, a, b, tz),
  );
  write('harvest/updateHarvest', harvest, updateHarvestBody, ['harvest', 'alter', idAndNote], (d, a, b) =>
    updateHarvest(d, a, b, tz),
  );
  remove('harvest/removeHarvest', harvest, 'harvest', removeHarvests);

  coreExportRoutes(app, deps);
  // its own plugin scope: the raw picture body parser applies to the upload routes only
  void app.register(async (scope) => productionPictureRoutes(scope, deps));
}

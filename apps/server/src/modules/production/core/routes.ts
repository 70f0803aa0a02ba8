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
  productionGroupQuery,
  productionIdQuery,
  productionIdsBody,
  updateCropBody,
  updateGrowthStandardBody,
  updateHarvestBody,
  updatePersonnelBody,
  updatePlantingBody,
} from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/authHook';
import { ok } from '../../../http/envelope';
import type { ModuleDeps } from '../../context';
import { logged } from '../auditLog';
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

export const PERMITS = {
  personnel: '/productionManagement/personnel',
  plant: '/productionManagement/plant',
  standard: '/productionManagement/growthStage',
  harvest: '/productionManagement/pickToStorage',
} as const;
export const P = '/api/merchant/production';

/** Production core (issue 13): personnel, crops, growth standards, plantings, harvests. */
export function productionCoreRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['production'];
  const { db } = deps;
  const tz = deps.config.tzName;
  const on = (permitUrl: string) => ({ permitUrl });

  // personnel
  r.get(
    `${P}/personnel/getPersonnelList`,
    { config: on(PERMITS.personnel), schema: { tags, querystring: personnelListQuery } },
    async (req) => ok(await listPersonnel(db, authOf(req), req.query)),
  );
  r.get(
    `${P}/personnel/getPersonnelDetail`,
    { config: on(PERMITS.personnel), schema: { tags, querystring: productionIdQuery } },
    async (req) => ok(await personnelDetail(db, authOf(req), req.query.id)),
  );
  r.post(
    `${P}/personnel/addPersonnel`,
    { config: on(PERMITS.personnel), schema: { tags, body: addPersonnelBody } },
    async (req) =>
      ok(
        await logged(db, req, 'personnel', 'add', () => addPersonnel(db, authOf(req), req.body), {
          name: req.body.name,
        }),
      ),
  );
  r.post(
    `${P}/personnel/updatePersonnel`,
    { config: on(PERMITS.personnel), schema: { tags, body: updatePersonnelBody } },
    async (req) =>
      ok(
        await logged(db, req, 'personnel', 'alter', () => updatePersonnel(db, authOf(req), req.body), {
          id: req.body.id,
          name: req.body.name,
        }),
      ),
  );
  r.post(
    `${P}/personnel/removePersonnel`,
    { config: on(PERMITS.personnel), schema: { tags, body: productionIdsBody } },
    async (req) =>
      ok(
        await logged(db, req, 'personnel', 'remove', () => removePersonnel(db, authOf(req), req.body.id), {
          id: req.body.id,
        }),
      ),
  );

  r.get(`${P}/personnel/getUserOptions`, { config: on(PERMITS.personnel), schema: { tags } }, async (req) =>
    ok(await userOptions(db, authOf(req))),
  );

  // crops (the catalogue) and their growth standards
  r.get(
    `${P}/crop/getCropList`,
    { config: on(PERMITS.plant), schema: { tags, querystring: cropListQuery } },
    async (req) => ok(await listCrops(db, authOf(req), req.query)),
  );
  r.get(`${P}/crop/getCropOptions`, { config: on(PERMITS.plant), schema: { tags } }, async (req) =>
    ok(await cropOptions(db, authOf(req))),
  );
  r.post(`${P}/crop/addCrop`, { config: on(PERMITS.plant), schema: { tags, body: addCropBody } }, async (req) =>
    ok(await logged(db, req, 'crop', 'add', () => addCrop(db, authOf(req), req.body), { name: req.body.name })),
  );
  r.post(`${P}/crop/updateCrop`, { config: on(PERMITS.plant), schema: { tags, body: updateCropBody } }, async (req) =>
    ok(
      await logged(db, req, 'crop', 'alter', () => updateCrop(db, authOf(req), req.body), {
        id: req.body.id,
        name: req.body.name,
      }),
    ),
  );
  r.post(
    `${P}/crop/removeCrop`,
    { config: on(PERMITS.plant), schema: { tags, body: productionIdsBody } },
    async (req) =>
      ok(await logged(db, req, 'crop', 'remove', () => removeCrops(db, authOf(req), req.body.id), { id: req.body.id })),
  );
  r.get(
    `${P}/growthStage/getStandardList`,
    { config: on(PERMITS.standard), schema: { tags, querystring: cropListQuery } },
    async (req) => ok(await listCrops(db, authOf(req), req.query)),
  );
  r.get(
    `${P}/growthStage/getStandardDetail`,
    { config: on(PERMITS.standard), schema: { tags, querystring: cropIdQuery } },
    async (req) => ok(await growthStandard(db, authOf(req), req.query.cropId)),
  );
  r.post(
    `${P}/growthStage/updateStandard`,
    { config: on(PERMITS.standard), schema: { tags, body: updateGrowthStandardBody } },
    async (req) =>
      ok(
        await logged(db, req, 'growthStandard', 'alter', () => updateGrowthStandard(db, authOf(req), req.body), {
          id: req.body.cropId,
        }),
      ),
  );

  // plantings
  r.get(
    `${P}/planting/getPlantingList`,
    { config: on(PERMITS.plant), schema: { tags, querystring: plantingListQuery } },
    async (req) => ok(await listPlantings(db, authOf(req), req.query, tz)),
  );
  r.get(
    `${P}/planting/getPlantingDetail`,
    { config: on(PERMITS.plant), schema: { tags, querystring: productionIdQuery } },
    async (req) => ok(await plantingDetail(db, authOf(req), req.query.id, tz)),
  );
  r.get(
    `${P}/planting/getPlantingRecord`,
    { config: on(PERMITS.plant), schema: { tags, querystring: productionIdQuery } },
    async (req) => ok(await plantingRecord(db, authOf(req), req.query.id)),
  );
  r.get(
    `${P}/planting/getOutOfRangeList`,
    { config: on(PERMITS.plant), schema: { tags, querystring: productionGroupQuery } },
    async (req) => ok(await plantingsOutOfRange(db, authOf(req), req.query.groupId, tz)),
  );
  r.get(
    `${P}/planting/getDeviceIdealRanges`,
    { config: on(PERMITS.plant), schema: { tags, querystring: deviceRangesQuery } },
    async (req) => ok(await deviceIdealRanges(db, authOf(req), req.query.deviceId, tz)),
  );
  r.get(
    `${P}/planting/getPlotOptions`,
    { config: on(PERMITS.plant), schema: { tags, querystring: productionGroupQuery } },
    async (req) => ok(await plotOptions(db, authOf(req), req.query.groupId)),
  );
  r.post(
    `${P}/planting/addPlanting`,
    { config: on(PERMITS.plant), schema: { tags, body: addPlantingBody } },
    async (req) =>
      ok(
        await logged(db, req, 'planting', 'add', () => addPlanting(db, authOf(req), req.body), {
          name: req.body.variety,
        }),
      ),
  );
  r.post(
    `${P}/planting/updatePlanting`,
    { config: on(PERMITS.plant), schema: { tags, body: updatePlantingBody } },
    async (req) =>
      ok(
        await logged(db, req, 'planting', 'alter', () => updatePlanting(db, authOf(req), req.body), {
          id: req.body.id,
          name: req.body.variety,
        }),
      ),
  );
  r.post(
    `${P}/planting/removePlanting`,
    { config: on(PERMITS.plant), schema: { tags, body: productionIdsBody } },
    async (req) =>
      ok(
        await logged(db, req, 'planting', 'remove', () => removePlantings(db, authOf(req), req.body.id), {
          id: req.body.id,
        }),
      ),
  );

  // harvests
  r.get(
    `${P}/harvest/getHarvestList`,
    { config: on(PERMITS.harvest), schema: { tags, querystring: harvestListQuery } },
    async (req) => ok(await listHarvests(db, authOf(req), req.query)),
  );
  r.get(
    `${P}/harvest/getHarvestOptions`,
    { config: on(PERMITS.harvest), schema: { tags, querystring: productionGroupQuery } },
    async (req) => ok(await harvestOptions(db, authOf(req), req.query.groupId)),
  );
  r.post(
    `${P}/harvest/addHarvest`,
    { config: on(PERMITS.harvest), schema: { tags, body: addHarvestBody } },
    async (req) =>
      ok(
        await logged(db, req, 'harvest', 'add', () => addHarvest(db, authOf(req), req.body), {
          name: harvestNote(req.body),
        }),
      ),
  );
  r.post(
    `${P}/harvest/updateHarvest`,
    { config: on(PERMITS.harvest), schema: { tags, body: updateHarvestBody } },
    async (req) =>
      ok(
        await logged(db, req, 'harvest', 'alter', () => updateHarvest(db, authOf(req), req.body), {
          id: req.body.id,
          name: harvestNote(req.body),
        }),
      ),
  );
  r.post(
    `${P}/harvest/removeHarvest`,
    { config: on(PERMITS.harvest), schema: { tags, body: productionIdsBody } },
    async (req) =>
      ok(
        await logged(db, req, 'harvest', 'remove', () => removeHarvests(db, authOf(req), req.body.id), {
          id: req.body.id,
        }),
      ),
  );

  coreExportRoutes(app, deps);
  // its own plugin scope: the raw picture body parser applies to the upload routes only
  void app.register(async (scope) => productionPictureRoutes(scope, deps));
}

import {
  Code,
  measuredKeys,
  type PlotSensors,
  type PlotSensorsQuery,
  type UpdatePlotSensorsBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { rowById } from '../../../db/rows';
import { ApiError, notFound } from '../../../http/apiError';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import type { LogAbout } from '../auditLog';
import { standingIn } from './plotDevices';
import { NO_SENSORS, sensorsByPlot } from './plotSensors';
import { parkDevices, replaceBindings } from './plotsRepo';

/** The caller's plot of that park, or 1005 on `areaPointId`. */
async function plotOf(db: Db, auth: AuthContext, groupId: number, areaPointId: number) {
  requirePark(auth, groupId);
  const plot = await rowById(db, scopeOf(auth), 'area_points', areaPointId);
  if (plot?.group_id !== groupId) throw notFound(`areaPointId ${areaPointId}: plot`);
  return plot;
}

/** A plot's sensors (bound or default), its defaults, and the park's devices that could serve it. */
export async function plotSensors(db: Db, auth: AuthContext, q: PlotSensorsQuery): Promise<PlotSensors> {
  const plot = await plotOf(db, auth, q.groupId, q.areaPointId);
  const scope = scopeOf(auth);
  const [set, devices] = await Promise.all([
    sensorsByPlot(db, scope, q.groupId).then((m) => m.get(plot.id) ?? NO_SENSORS),
    parkDevices(db, scope, q.groupId),
  ]);
  const standing = new Set(standingIn(plot.boundary, devices).map((d) => d.id));
  return {
    areaPointId: plot.id,
    areaPointName: plot.name,
    source: set.source,
    sensors: set.sensors,
    defaults: set.defaults,
    devices: devices
      .map((d) => ({
        deviceId: d.id,
        deviceName: d.name,
        deviceClass: d.device_class,
        keys: measuredKeys(d.device_class),
        inPlot: standing.has(d.id),
      }))
      .filter((d) => d.keys.length > 0),
  };
}

/**
 * Replaces a plot's bindings and answers the plot's sensors as they now stand. Each device must be one of
 * the park's (another park's or merchant's reads as not found, so ids cannot be probed) and each key one it
 * measures; the refusal names the row's field.
 */
export async function updatePlotSensors(db: Db, auth: AuthContext, b: UpdatePlotSensorsBody): Promise<PlotSensors> {
  await plotOf(db, auth, b.groupId, b.areaPointId);
  const devices = await parkDevices(db, scopeOf(auth), b.groupId);
  for (const [i, s] of b.sensors.entries()) {
    const d = devices.find((x) => x.id === s.deviceId);
    if (!d)
      throw new ApiError(Code.NOT_FOUND, undefined, {
        field: `sensors.${i}.deviceId`,
        rule: 'notInPark',
        params: { value: s.deviceId },
      });
    const measured = measuredKeys(d.device_class);
    const bad = s.keys.find((k) => !measured.includes(k));
    if (bad !== undefined)
      throw new ApiError(Code.VALIDATION, undefined, {
        field: `sensors.${i}.keys`,
        rule: 'notMeasured',
        params: { value: bad, device: d.name },
      });
  }
  await db.transaction().execute((trx) => replaceBindings(trx, scopeOf(auth), b.groupId, b.areaPointId, b.sensors));
  return plotSensors(db, auth, b);
}

/** The log line's detail: what the plot is now judged by, by device id, or that it returned to its defaults. */
export const bindingNote = (b: UpdatePlotSensorsBody): LogAbout => ({
  id: b.areaPointId,
  name:
    b.sensors.length === 0
      ? 'defaults'
      : b.sensors.map((s) => `#${s.deviceId} ${s.keys.join(',')} (${s.placement})`).join('; '),
});

import {
  type DeviceClass,
  defaultPlacement,
  ENVIRONMENT_CLASSES,
  measuredKeys,
  type PlotSensor,
  type PlotSensorSource,
  type PlotSensorWhy,
  type SensorPlacement,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import type { Scope } from '../../../db/scope';
import { standingIn } from './plotDevices';
import { bindingsOfPark, parkDevices, plotsOfPark } from './plotsRepo';

type DeviceRow = Awaited<ReturnType<typeof parkDevices>>[number];

/** The sensors that judge a plot, whether the operator chose them, and what the defaults would be. */
export interface PlotSensorSet {
  source: PlotSensorSource;
  sensors: PlotSensor[];
  defaults: PlotSensor[];
}

const sensor = (d: DeviceRow, keys: string[], placement: SensorPlacement, why: PlotSensorWhy): PlotSensor => ({
  deviceId: d.id,
  deviceName: d.name,
  deviceClass: d.device_class,
  keys,
  placement,
  why,
});

const isEnvironmental = (c: string) => ENVIRONMENT_CLASSES.includes(c as DeviceClass);

/**
 * A plot's sensors when the operator has bound none: the environmental devices standing in it (weather and
 * soil stations, greenhouse cabinets; never traps, lamps, cameras or controllers), each for everything it
 * measures. The keys none of them measures fall to the park's weather stations, outdoor, unless the plot has
 * an indoor sensor: a greenhouse's air is not the open air, so its missing keys read "no data" instead of the
 * weather outside.
 */
export function defaultSensors(standing: DeviceRow[], park: DeviceRow[]): PlotSensor[] {
  const own = standing
    .filter((d) => isEnvironmental(d.device_class))
    .map((d) => sensor(d, measuredKeys(d.device_class), defaultPlacement(d.device_class as DeviceClass), 'inPlot'));
  if (own.some((s) => s.placement === 'indoor')) return own;
  const served = new Set(own.flatMap((s) => s.keys));
  const weather = park
    .filter((d) => d.device_class === 'weatherStation' && !own.some((s) => s.deviceId === d.id))
    .map((d) =>
      sensor(
        d,
        measuredKeys(d.device_class).filter((k) => !served.has(k)),
        'outdoor',
        'parkWeather',
      ),
    )
    .filter((s) => s.keys.length > 0);
  return [...own, ...weather];
}

const keysOf = (json: string): string[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};

/** Every plot of a park with the sensors that judge it: the operator's binding, else the defaults. */
export async function sensorsByPlot(db: Db, scope: Scope, groupId: number): Promise<Map<number, PlotSensorSet>> {
  const [plots, devices, bindings] = await Promise.all([
    plotsOfPark(db, scope, groupId),
    parkDevices(db, scope, groupId),
    bindingsOfPark(db, scope, groupId),
  ]);
  const out = new Map<number, PlotSensorSet>();
  for (const p of plots) {
    const defaults = defaultSensors(standingIn(p.boundary, devices), devices);
    const bound = bindings
      .filter((b) => b.area_point_id === p.id)
      .map(
        (b): PlotSensor => ({
          deviceId: b.device_id,
          deviceName: b.name,
          deviceClass: b.device_class,
          keys: keysOf(b.param_keys),
          placement: b.placement === 'indoor' ? 'indoor' : 'outdoor',
          why: 'bound',
        }),
      );
    out.set(
      p.id,
      bound.length > 0
        ? { source: 'explicit', sensors: bound, defaults }
        : { source: 'default', sensors: defaults, defaults },
    );
  }
  return out;
}

/** A plot that is gone (removed from the map) has no sensors. */
export const NO_SENSORS: PlotSensorSet = { source: 'default', sensors: [], defaults: [] };

/** The devices serving one key of a plot. */
export const servingKey = (sensors: readonly PlotSensor[], key: string): number[] =>
  sensors.filter((s) => s.keys.includes(key)).map((s) => s.deviceId);

/** Every device serving the plot something. */
export const sensorDevices = (sensors: readonly PlotSensor[]): number[] => [...new Set(sensors.map((s) => s.deviceId))];

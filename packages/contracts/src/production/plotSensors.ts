import { z } from 'zod';
import type { DeviceClass } from '../deviceClasses';
import { DEVICE_MODEL } from '../devices';
import { id } from '../envelope';
import { repeatedAt, ruleIssue } from '../errorDetail';
import { enumField, listOf } from '../requestValues';
import { paramKey } from './coreValues';

/**
 * Which sensors judge a plot's plantings against their growth standard (issue 24, point 8). The operator
 * binds devices to a plot, each for the parameter keys it serves there and whether it measures inside (a
 * greenhouse) or outside. Without a binding, defaults stand: docs/PRODUCTION.md "Sensors of a plot".
 */
export const SENSOR_PLACEMENTS = ['indoor', 'outdoor'] as const;
export type SensorPlacement = (typeof SENSOR_PLACEMENTS)[number];
/** `explicit`: the operator's binding; `default`: chosen from device kinds and the map. */
export type PlotSensorSource = 'explicit' | 'default';
/** Why a device serves a plot: bound by the operator, standing in the plot, or the park's weather station. */
export type PlotSensorWhy = 'bound' | 'inPlot' | 'parkWeather';

/**
 * Kinds that measure the environment of where they stand: only these are ever defaults. Traps measure the
 * air of their own housing, lamps light for their switch, controllers water: none of them speaks for a crop
 * unless the operator says so.
 */
export const ENVIRONMENT_CLASSES: readonly DeviceClass[] = ['weatherStation', 'soilStation', 'envCabinet'];
/** A greenhouse cabinet measures inside; the stations stand in the open. */
export const defaultPlacement = (c: DeviceClass): SensorPlacement => (c === 'envCabinet' ? 'indoor' : 'outdoor');

/**
 * The keys a device of a class can serve a plot with: its measured parameters (not switch states or daily
 * counters), without its own supply (voltage, battery say nothing about the crop).
 */
export function measuredKeys(deviceClass: string): string[] {
  const def = DEVICE_MODEL[deviceClass as DeviceClass];
  return def ? def.params.filter((p) => p.kind === 'measure' && p.group !== 'power').map((p) => p.key) : [];
}

export const plotSensorsQuery = z.object({ groupId: id, areaPointId: id });
export type PlotSensorsQuery = z.infer<typeof plotSensorsQuery>;

export const plotSensorBinding = z
  .object({
    deviceId: id,
    keys: listOf(paramKey, (a) => a.min(1).max(40)),
    placement: enumField(SENSOR_PLACEMENTS),
  })
  .superRefine((b, ctx) => {
    const again = repeatedAt(b.keys);
    if (again >= 0) ctx.addIssue(ruleIssue(['keys', again], 'repeated'));
  });
export type PlotSensorBinding = z.infer<typeof plotSensorBinding>;

/** Replaces the plot's bindings; an empty list returns the plot to its defaults. */
export const updatePlotSensorsBody = z
  .object({ groupId: id, areaPointId: id, sensors: listOf(plotSensorBinding, (a) => a.max(100)) })
  .superRefine((b, ctx) => {
    const again = repeatedAt(b.sensors.map((s) => s.deviceId));
    if (again >= 0) ctx.addIssue(ruleIssue(['sensors', again, 'deviceId'], 'repeated'));
  });
export type UpdatePlotSensorsBody = z.infer<typeof updatePlotSensorsBody>;

/** A device serving the plot, with the keys it serves there. */
export interface PlotSensor {
  deviceId: number;
  deviceName: string;
  deviceClass: string;
  keys: string[];
  placement: SensorPlacement;
  why: PlotSensorWhy;
}

/** A device of the park that could serve: what it measures, and whether it stands in the plot. */
export interface PlotSensorCandidate {
  deviceId: number;
  deviceName: string;
  deviceClass: string;
  keys: string[];
  inPlot: boolean;
}

export interface PlotSensors {
  areaPointId: number;
  areaPointName: string;
  source: PlotSensorSource;
  /** The sensors that judge the plot now: the binding, or the defaults. */
  sensors: PlotSensor[];
  /** What the defaults would be (shown beside a binding, and what an empty save returns to). */
  defaults: PlotSensor[];
  devices: PlotSensorCandidate[];
}

import { z } from 'zod';
import { id } from './envelope';
import { intField, nullable, numberField, optional } from './requestValues';
import { EFFICIENCY_LIMITS, ZONE_AREA_LIMITS } from './waterBalance';

export * from './zoneText';

/**
 * Named zones of irrigation machines (`/api/merchant/irrigation/getZoneList`, `alterZone`): a zone may
 * carry a name and the plot (area point of the machine's park) it waters. Every place that shows a zone
 * phrases it with `zoneText`, on the page and in exports alike.
 */

export const ZONE_NAME_MAX = 50;

export interface IrrigationZone {
  deviceId: number;
  zoneNo: number;
  /** The name someone gave the zone; null keeps the default ("1区" / "Zone 1"). */
  name: string | null;
  areaPointId: number | null;
  /** The linked plot's name (null without a plot). */
  areaPointName: string | null;
  /** The area the zone waters, m² (null: its plot's area is used), and its emitters' efficiency (null: 0.9). */
  areaM2: number | null;
  efficiency: number | null;
}

export const zoneListQuery = z.object({ groupId: id, deviceId: optional(id) });

/** A plot a zone may water (an area point of the park), for the zone editor's picker. */
export interface ZonePlot {
  areaPointId: number;
  name: string;
  crop: string;
}
export const zonePlotListQuery = z.object({ groupId: id });

export const alterZoneBody = z.object({
  deviceId: id,
  zoneNo: intField((n) => n.min(1).max(64)),
  /** Blank clears the name (the zone is called by its number again). */
  name: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(ZONE_NAME_MAX)),
  /** Blank unlinks the plot. */
  areaPointId: nullable(id),
  /** The water balance's area (m²) and efficiency (0.3-1); blank: the plot's area, the default efficiency. */
  areaM2: nullable(numberField((n) => n.min(ZONE_AREA_LIMITS.min).max(ZONE_AREA_LIMITS.max))),
  efficiency: nullable(numberField((n) => n.min(EFFICIENCY_LIMITS.min).max(EFFICIENCY_LIMITS.max))),
});
export type AlterZoneBody = z.infer<typeof alterZoneBody>;

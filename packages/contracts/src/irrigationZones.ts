import { z } from 'zod';
import { id } from './envelope';
import { intField, nullable, optional } from './requestValues';

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
  zoneNo: intField((n) => n.min(1, 'zones are numbered from 1').max(64, 'zoneNo must be at most 64')),
  /** Blank clears the name (the zone is called by its number again). */
  name: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(ZONE_NAME_MAX, `name is at most ${ZONE_NAME_MAX} characters`),
  ),
  /** Blank unlinks the plot. */
  areaPointId: nullable(id),
});
export type AlterZoneBody = z.infer<typeof alterZoneBody>;

/** What a zone is called: its own name, else its plot's name, else nothing (the number alone). */
export const zoneOwnName = (z: Pick<IrrigationZone, 'name' | 'areaPointName'> | undefined): string | null =>
  z?.name || z?.areaPointName || null;

/**
 * A zone as readers see it: "1区 → 番茄东棚" / "Zone 1 → Tomato east" when it has a name (or a plot),
 * "1区" / "Zone 1" otherwise. The number stays first so the machine's own numbering is never lost.
 */
export function zoneText(lang: 'zh' | 'en', zoneNo: number, name?: string | null): string {
  const base = lang === 'zh' ? `${zoneNo}区` : `Zone ${zoneNo}`;
  return name ? `${base} → ${name}` : base;
}

/** The zones of one machine by number, for phrasing (`zoneText(lang, n, names.get(n))`). */
export function zoneNames(zones: readonly IrrigationZone[], deviceId: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const z of zones) {
    const name = z.deviceId === deviceId ? zoneOwnName(z) : null;
    if (name) out.set(z.zoneNo, name);
  }
  return out;
}

/** Several zones in one phrase: "1区 → 番茄东棚、2区" / "Zone 1 → Tomato east, Zone 2". */
export const zoneListText = (lang: 'zh' | 'en', zones: readonly number[], names?: ReadonlyMap<number, string>) =>
  zones.map((n) => zoneText(lang, n, names?.get(n))).join(lang === 'zh' ? '、' : ', ');

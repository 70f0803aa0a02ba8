import { z } from 'zod';
import { id } from './envelope';
import type { LngLat } from './points';

/** `screen/getScreenOverview?screenId=`: the multi-park screen of a LargeManage entry. */
export const screenOverviewQuery = z.object({ screenId: id });

/** Crops growing now and the harvest of the park's year so far, from the production records. */
export interface ParkProduction {
  /** Growing plantings by crop name, largest area first. */
  crops: { crop: string; areaMu: number; plantings: number }[];
  /** Mu under growing plantings. */
  areaMu: number;
  /** The park's calendar year the harvest counts (its time zone). */
  year: number;
  /** Harvested quantity per unit (kg, t, jin, box, piece as recorded), largest first. */
  harvest: { unit: string; quantity: number }[];
  /** Scans of the park's product codes (traceability): today at the park and in all; null when not readable. */
  scans: { today: number; total: number } | null;
}

/** One park of a multi-park screen. A part the caller may not read is null (the panel says so). */
export interface ScreenParkSummary {
  groupId: number;
  groupName: string;
  /** Hectares, from the park form. */
  area: number | null;
  /** Where the park is: its map point, else the park form's location, else null. */
  longitude: number | null;
  latitude: number | null;
  /** The drawn boundary (empty when none). */
  boundary: LngLat[];
  devices: { total: number; online: number };
  /** Alarms not cleared. */
  alarms: number | null;
  production: ParkProduction | null;
}

export interface ScreenOverview {
  screenId: number;
  screenTitle: string;
  /** The screen's parks the caller may see, in park order. */
  parks: ScreenParkSummary[];
}

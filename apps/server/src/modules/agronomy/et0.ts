import {
  clearness,
  clearSkyRadiation,
  extraterrestrialDaily,
  meanSatVp,
  netLongwave,
  netShortwave,
  psychrometric,
  SIGMA_DAY,
  satVp,
  sigmaT4Day,
  sunOfDay,
  sunsetAngle,
  vpSlope,
} from './fao56';

/** Everything the daily equation needs, after fallbacks (see stationDay.ts). */
export interface DailyEt0Inputs {
  doy: number;
  latitude: number;
  elevationM: number;
  tMin: number;
  tMax: number;
  /** Actual vapour pressure, kPa. */
  ea: number;
  /** Wind speed at 2 m, m/s. */
  u2: number;
  /** Solar radiation, MJ m⁻² day⁻¹. */
  rs: number;
  pressureKPa: number;
  /** Soil heat flux; 0 for a day (eq. 42), a monthly step otherwise (eq. 43). */
  g?: number;
}

/** The daily equation's intermediate values, named as in FAO-56's examples. */
export interface DailyEt0 {
  et0: number;
  delta: number;
  gamma: number;
  es: number;
  ra: number;
  rso: number;
  rns: number;
  rnl: number;
  rn: number;
}

/** FAO-56 Penman-Monteith reference evapotranspiration of a day, mm/day (eq. 6: Cn 900, Cd 0.34). */
export function et0Daily(i: DailyEt0Inputs): DailyEt0 {
  const t = (i.tMin + i.tMax) / 2;
  const delta = vpSlope(t);
  const gamma = psychrometric(i.pressureKPa);
  const es = meanSatVp(i.tMin, i.tMax);
  const ra = extraterrestrialDaily(i.latitude, i.doy);
  const rso = clearSkyRadiation(ra, i.elevationM);
  const rns = netShortwave(i.rs);
  const rnl = netLongwave(sigmaT4Day(i.tMin, i.tMax), i.ea, clearness(i.rs, rso));
  const rn = rns - rnl;
  const g = i.g ?? 0;
  const et0 =
    (0.408 * delta * (rn - g) + gamma * (900 / (t + 273)) * i.u2 * (es - i.ea)) / (delta + gamma * (1 + 0.34 * i.u2));
  return { et0, delta, gamma, es, ra, rso, rns, rnl, rn };
}

/**
 * Extraterrestrial radiation of an hour (or shorter period) centred on `midHour` of the local clock,
 * MJ m⁻² per period (eq. 28 with the solar time angle of eq. 31-33). Longitudes are east-positive:
 * FAO's (Lz − Lm) in degrees west is (longitude − zone centre) in degrees east.
 */
export function extraterrestrialHourly(
  latDeg: number,
  doy: number,
  midHour: number,
  lonEast: number,
  zoneCentreEast: number,
  hours = 1,
): number {
  const { dr, decl } = sunOfDay(doy);
  const b = (2 * Math.PI * (doy - 81)) / 364;
  const sc = 0.1645 * Math.sin(2 * b) - 0.1255 * Math.cos(b) - 0.025 * Math.sin(b);
  const w = (Math.PI / 12) * (midHour + (lonEast - zoneCentreEast) / 15 + sc - 12);
  const ws = sunsetAngle(latDeg, decl);
  const w1 = Math.max(-ws, w - (Math.PI * hours) / 24);
  const w2 = Math.min(ws, w + (Math.PI * hours) / 24);
  if (w1 >= w2) return 0;
  const phi = (latDeg * Math.PI) / 180;
  return (
    ((12 * 60) / Math.PI) *
    0.082 *
    dr *
    ((w2 - w1) * Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * (Math.sin(w2) - Math.sin(w1)))
  );
}

export interface HourlyEt0Inputs {
  /** Mean air temperature of the hour, °C. */
  t: number;
  ea: number;
  u2: number;
  /** Solar and clear-sky radiation of the hour, MJ m⁻² h⁻¹. */
  rs: number;
  rso: number;
  pressureKPa: number;
  /** Daytime: the sun is up (Rn > 0 in practice); selects G and the denominator's constant. */
  daytime: boolean;
  /** Rs/Rso to use at night: the ratio of 2-3 hours before sunset (FAO-56, eq. 39 notes). */
  nightClearness?: number;
  /** The denominator constant by day and by night; FAO-56 itself uses 0.34 for both. */
  cd?: { day: number; night: number };
}

/** ASCE-EWRI's standardized short-reference constants for hours: 0.24 by day, 0.96 by night. */
export const HOURLY_CD = { day: 0.24, night: 0.96 };

/** Hourly reference evapotranspiration, mm/h (eq. 53: Cn 37; G = 0.1 Rn by day, 0.5 Rn by night). */
export function et0Hourly(i: HourlyEt0Inputs): { et0: number; rn: number; g: number; rnl: number } {
  const delta = vpSlope(i.t);
  const gamma = psychrometric(i.pressureKPa);
  const ratio = i.daytime ? clearness(i.rs, i.rso) : (i.nightClearness ?? clearness(i.rs, i.rso));
  const rnl = netLongwave((SIGMA_DAY / 24) * (i.t + 273.16) ** 4, i.ea, ratio);
  const rn = netShortwave(i.rs) - rnl;
  const g = (i.daytime ? 0.1 : 0.5) * rn;
  const cd = (i.cd ?? HOURLY_CD)[i.daytime ? 'day' : 'night'];
  const et0 =
    (0.408 * delta * (rn - g) + gamma * (37 / (i.t + 273)) * i.u2 * (satVp(i.t) - i.ea)) /
    (delta + gamma * (1 + cd * i.u2));
  return { et0, rn, g, rnl };
}

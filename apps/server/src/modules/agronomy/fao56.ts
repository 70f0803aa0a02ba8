/**
 * FAO Irrigation and Drainage Paper 56 (Allen, Pereira, Raes, Smith 1998), chapter 3: the parts of the
 * Penman-Monteith reference evapotranspiration, each named by its equation number. Pure functions of
 * numbers in the paper's units (°C, kPa, MJ/m², m/s, m, degrees of latitude, day of the year).
 */

const RAD = Math.PI / 180;
/** Solar constant, MJ m⁻² min⁻¹. */
const GSC = 0.082;
/** Stefan-Boltzmann constant, MJ K⁻⁴ m⁻² day⁻¹. */
export const SIGMA_DAY = 4.903e-9;
/** Albedo of the grass reference crop. */
const ALBEDO = 0.23;

/** Atmospheric pressure from elevation, kPa (eq. 7). */
export const pressureFromElevation = (z: number): number => 101.3 * ((293 - 0.0065 * z) / 293) ** 5.26;

/** Psychrometric constant, kPa/°C (eq. 8). */
export const psychrometric = (pressureKPa: number): number => 0.000665 * pressureKPa;

/** Saturation vapour pressure at T, kPa (eq. 11). */
export const satVp = (t: number): number => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));

/** Mean saturation vapour pressure of a day from its extremes, kPa (eq. 12). */
export const meanSatVp = (tMin: number, tMax: number): number => (satVp(tMax) + satVp(tMin)) / 2;

/** Slope of the saturation vapour pressure curve at T, kPa/°C (eq. 13). */
export const vpSlope = (t: number): number => (4098 * satVp(t)) / (t + 237.3) ** 2;

/** Actual vapour pressure from the dew point, kPa (eq. 14); with Tmin as dew point when humidity is missing. */
export const eaFromDewPoint = (tDew: number): number => satVp(tDew);

/** Actual vapour pressure from the day's humidity extremes, kPa (eq. 17). */
export const eaFromRh = (tMin: number, tMax: number, rhMin: number, rhMax: number): number =>
  (satVp(tMin) * (rhMax / 100) + satVp(tMax) * (rhMin / 100)) / 2;

/** Inverse relative distance Earth-Sun (eq. 23) and solar declination in radians (eq. 24). */
export function sunOfDay(doy: number): { dr: number; decl: number } {
  const a = (2 * Math.PI * doy) / 365;
  return { dr: 1 + 0.033 * Math.cos(a), decl: 0.409 * Math.sin(a - 1.39) };
}

/** Sunset hour angle, radians (eq. 25); clamped so polar day and night stay defined. */
export function sunsetAngle(latDeg: number, decl: number): number {
  const x = -Math.tan(latDeg * RAD) * Math.tan(decl);
  return Math.acos(Math.min(1, Math.max(-1, x)));
}

/** Extraterrestrial radiation of a day, MJ m⁻² day⁻¹ (eq. 21). */
export function extraterrestrialDaily(latDeg: number, doy: number): number {
  const phi = latDeg * RAD;
  const { dr, decl } = sunOfDay(doy);
  const ws = sunsetAngle(latDeg, decl);
  return (
    ((24 * 60) / Math.PI) *
    GSC *
    dr *
    (ws * Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.sin(ws))
  );
}

/** Daylight hours (eq. 34). */
export const daylightHours = (latDeg: number, doy: number): number =>
  (24 / Math.PI) * sunsetAngle(latDeg, sunOfDay(doy).decl);

/** Solar radiation from sunshine hours by Angström's formula with FAO's as 0.25, bs 0.50, MJ m⁻² day⁻¹ (eq. 35). */
export const radiationFromSunshine = (n: number, daylight: number, ra: number): number =>
  (0.25 + (0.5 * n) / daylight) * ra;

/** Interior locations' kRs of Hargreaves' radiation formula (coastal ones would use 0.19). */
export const KRS_INTERIOR = 0.16;
/** Solar radiation from the temperature range (Hargreaves' radiation formula, eq. 50). */
export const radiationFromTemperature = (tMin: number, tMax: number, ra: number, krs = KRS_INTERIOR): number =>
  krs * Math.sqrt(Math.max(0, tMax - tMin)) * ra;

/** Clear-sky solar radiation (eq. 37). */
export const clearSkyRadiation = (ra: number, z: number): number => (0.75 + 2e-5 * z) * ra;

/** Net shortwave radiation (eq. 38). */
export const netShortwave = (rs: number): number => (1 - ALBEDO) * rs;

/** Relative shortwave radiation Rs/Rso of eq. 39, at most 1. */
export const clearness = (rs: number, rso: number): number => (rso > 0 ? Math.min(1, rs / rso) : 0);

/**
 * Net longwave radiation (eq. 39) for the mean of T⁴ over the period (`sigmaT4` = σ·T_K⁴, in the
 * period's unit) and the period's Rs/Rso.
 */
export const netLongwave = (sigmaT4: number, ea: number, rsRso: number): number =>
  sigmaT4 * (0.34 - 0.14 * Math.sqrt(ea)) * (1.35 * rsRso - 0.35);

/** σ·T_K⁴ of a day: the mean of its extremes' (eq. 39). */
export const sigmaT4Day = (tMin: number, tMax: number): number =>
  (SIGMA_DAY * ((tMax + 273.16) ** 4 + (tMin + 273.16) ** 4)) / 2;

/** Wind speed at 2 m from a sensor at `height` m (eq. 47). */
export const windAt2m = (uz: number, height: number): number => (uz * 4.87) / Math.log(67.8 * height - 5.42);

/** Day of the year (1..366) of a calendar day 'YYYY-MM-DD'. */
export function dayOfYear(day: string): number {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Math.round((t - Date.UTC(new Date(t).getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

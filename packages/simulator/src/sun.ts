/**
 * Sun position from time and place (the usual declination / hour-angle approximation, within a
 * fraction of a degree: plenty for radiation and dusk/dawn logic).
 */
const DAY_MS = 86_400_000;
const RAD = Math.PI / 180;

/** Day of the year, 1-based, as a fraction (UTC). */
export function dayOfYear(ts: number): number {
  const d = new Date(ts);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return (ts - start) / DAY_MS + 1;
}

function yearAngle(ts: number): number {
  return (2 * Math.PI * (dayOfYear(ts) - 1)) / 365;
}

/** Solar declination in radians (Spencer series). */
export function declination(ts: number): number {
  const g = yearAngle(ts);
  return (
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g)
  );
}

/** Equation of time in minutes. */
function equationOfTime(ts: number): number {
  const g = yearAngle(ts);
  return (
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g))
  );
}

/** Apparent solar time at the longitude, in hours 0..24 (12 = the sun is highest). */
export function solarHour(ts: number, lon: number): number {
  const utcHours = (ts % DAY_MS) / 3_600_000;
  const h = utcHours + lon / 15 + equationOfTime(ts) / 60;
  return ((h % 24) + 24) % 24;
}

/** Sun elevation above the horizon in degrees (negative at night). */
export function sunElevation(ts: number, lat: number, lon: number): number {
  const decl = declination(ts);
  const hourAngle = (solarHour(ts, lon) - 12) * 15 * RAD;
  const phi = lat * RAD;
  const s = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(hourAngle);
  return Math.asin(Math.max(-1, Math.min(1, s))) / RAD;
}

/** Solar hour of sunrise (12 - half the day length); polar day/night clamp to 0 or 12. */
export function sunriseSolarHour(ts: number, lat: number): number {
  const c = -Math.tan(lat * RAD) * Math.tan(declination(ts));
  if (c <= -1) return 0;
  if (c >= 1) return 12;
  return 12 - Math.acos(c) / RAD / 15;
}

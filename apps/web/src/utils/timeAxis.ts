import { inPark } from './time';

type Axis = Record<string, unknown> & { type?: unknown; axisLabel?: Record<string, unknown> };

/**
 * ECharts writes time-axis labels in the browser's zone; this gives every time axis that has no label
 * formatter of its own one in the park's zone (components/Chart applies it to every option). A park
 * midnight reads as the day; any other tick as day and hour, since ticks may fall on the browser's
 * round hours rather than the park's. Labels that would overlap are left out.
 */
export function zonedTimeAxes<T extends Record<string, unknown>>(option: T, zone: string): T {
  const label = (v: number) => {
    const d = inPark(v, zone);
    return d.hour() === 0 && d.minute() === 0 ? d.format('MM-DD') : d.format('MM-DD\nHH:mm');
  };
  const fix = (axis: unknown): unknown => {
    if (Array.isArray(axis)) return axis.map(fix);
    const a = axis as Axis | undefined;
    if (a?.type !== 'time') return axis;
    // ECharts spaces time ticks by value, not by label width: on a phone they run into each other.
    const shown = { hideOverlap: true, ...a.axisLabel };
    return { ...a, axisLabel: a.axisLabel?.formatter ? shown : { ...shown, formatter: label } };
  };
  const out: Record<string, unknown> = { ...option };
  for (const key of ['xAxis', 'yAxis']) if (key in option) out[key] = fix(option[key]);
  return out as T;
}

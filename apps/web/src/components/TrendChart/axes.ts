/** Width reserved for each extra axis on one side, so their labels do not overlap. */
const AXIS_OFFSET = 56;

/**
 * One y-axis per unit, so a pressure of 0.3 MPa is not flattened against a flow of 40 m³/h: the first
 * unit on the left, the second on the right, further ones alternate and step outwards. `axisOf` gives
 * each unit's axis index for its series' `yAxisIndex`.
 */
export function unitAxes(units: readonly string[]) {
  const distinct = [...new Set(units)];
  const axisOf = new Map(distinct.map((u, i) => [u, i]));
  const yAxis = (distinct.length ? distinct : ['']).map((unit, i) => ({
    type: 'value' as const,
    scale: true,
    name: unit,
    position: i % 2 === 0 ? ('left' as const) : ('right' as const),
    offset: Math.floor(i / 2) * AXIS_OFFSET,
    alignTicks: distinct.length > 1,
    // gridlines of one axis only: several sets of lines would not line up
    splitLine: { show: i === 0 },
  }));
  const left = Math.ceil(yAxis.length / 2) - 1;
  const right = Math.floor(yAxis.length / 2) - (yAxis.length > 1 ? 1 : 0);
  return {
    yAxis,
    axisOf: (unit: string) => axisOf.get(unit) ?? 0,
    /** Extra grid room for the stepped-out axes. */
    gridLeft: 8 + Math.max(0, left) * AXIS_OFFSET,
    gridRight: 16 + Math.max(0, right) * AXIS_OFFSET,
  };
}

const SUFFIXES: ReadonlyArray<[number, string]> = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** SPEC §9: 1234 -> "1.2k" (digits after the point, trailing zeros dropped); below 1000 unchanged. */
export function formatNumber(num: number, digits = 1): string {
  const abs = Math.abs(num);
  for (const [value, symbol] of SUFFIXES) {
    if (abs >= value) {
      return (num / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return String(num);
}

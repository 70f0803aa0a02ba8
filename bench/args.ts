import { parseArgs } from 'node:util';

/** A benchmark's numeric options (`--name value`), each with its default; an unknown option is an error. */
export function numericArgs<N extends string>(defaults: Record<N, number>): Record<N, number> {
  const names = Object.keys(defaults) as N[];
  const { values } = parseArgs({
    options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const, default: String(defaults[n]) }])),
  });
  return Object.fromEntries(names.map((n) => [n, Number(values[n])])) as Record<N, number>;
}

/** Progress lines go to stderr: stdout carries only the benchmark's JSON result. */
export const log = (s: string) => process.stderr.write(`${s}\n`);

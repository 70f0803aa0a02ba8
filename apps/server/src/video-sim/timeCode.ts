/**
 * The simulated cameras' time code (SceneOptions.timeCode): `bits` cells of `cell` px in a row at the top
 * left of the picture, white for a 1, least significant first, holding floor(wall clock ms / unitMs) modulo
 * 2^bits (a 4 ms step, repeating every 262 s). A page reads the cells of a decoded frame and compares
 * them with its own clock: the latency from the camera to the screen.
 */
export const TIME_CODE = { bits: 16, cell: 12, unitMs: 4 } as const;

/** The code's value at a wall clock time. */
export function timeCodeAt(ms: number): number {
  return Math.floor(ms / TIME_CODE.unitMs) % 2 ** TIME_CODE.bits;
}

/**
 * How long ago (ms) a read code was made, by a clock now at `nowMs` (the same machine's): the code's
 * period is far longer than any latency measured, so the nearest past time with that code is it.
 */
export function timeCodeAge(code: number, nowMs: number): number {
  const period = 2 ** TIME_CODE.bits;
  const steps = (((timeCodeAt(nowMs) - code) % period) + period) % period;
  return steps * TIME_CODE.unitMs + (nowMs % TIME_CODE.unitMs);
}

/** The code in a picture's pixels (RGBA rows of `width` px): the middle of each cell, bright or dark. */
export function readTimeCode(rgba: Uint8ClampedArray | Buffer, width: number): number {
  const { bits, cell } = TIME_CODE;
  let code = 0;
  for (let k = 0; k < bits; k++) {
    const x = k * cell + cell / 2;
    const y = cell / 2;
    const i = (y * width + x) * 4;
    const light = ((rgba[i] as number) + (rgba[i + 1] as number) + (rgba[i + 2] as number)) / 3;
    if (light > 128) code += 2 ** k;
  }
  return code;
}

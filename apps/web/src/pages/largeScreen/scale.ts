/** The design size of the data screens: every panel is laid out for this stage, then scaled as a whole. */
export const STAGE = { width: 1920, height: 1080 } as const;

export interface Fit {
  scale: number;
  /** Offsets of the scaled stage inside the viewport (the letterbox bars), in CSS pixels. */
  left: number;
  top: number;
}

/**
 * The largest scale at which the whole stage fits the viewport, centred: bars left and right on a
 * narrower-than-16:9 screen, above and below on a wider one. A viewport not laid out yet (0 x 0)
 * gets scale 1 rather than a stage that vanishes.
 */
export function fitStage(width: number, height: number, stage: { width: number; height: number } = STAGE): Fit {
  if (!(width > 0) || !(height > 0)) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(width / stage.width, height / stage.height);
  return {
    scale,
    left: Math.round((width - stage.width * scale) / 2),
    top: Math.round((height - stage.height * scale) / 2),
  };
}

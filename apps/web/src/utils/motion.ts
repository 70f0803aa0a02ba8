/**
 * Whether the user asked their system for less motion (an accessibility setting). The console then opens
 * dialogs and draws charts without animating them. Read once: a change takes effect at the next load.
 */
export const prefersReducedMotion: boolean =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Leaflet takes a tooltip, popup or icon either as an HTML string (parsed with innerHTML) or as a DOM
 * node. Labels are names users typed (parks, areas, devices), so every map gets them as nodes whose
 * text is set with textContent: `<img onerror=...>` in a name shows as those characters.
 */
export function mapLabel(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/** A round marker as a node (no markup string), e.g. a device point or a polygon vertex handle. */
export function mapDot(opts: { testId: string; color: string; size: number; fill?: string; shadow?: boolean }) {
  const dot = document.createElement('div');
  dot.dataset.testid = opts.testId;
  dot.dataset.color = opts.color;
  const s = dot.style;
  s.width = `${opts.size}px`;
  s.height = `${opts.size}px`;
  s.borderRadius = `${opts.size / 2}px`;
  s.background = opts.fill ?? opts.color;
  s.border = `2px solid ${opts.fill ? opts.color : '#fff'}`;
  if (opts.shadow) s.boxShadow = '0 0 3px rgba(0,0,0,.5)';
  return dot;
}

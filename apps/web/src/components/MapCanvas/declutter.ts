/** A permanent label on the map, and the room its shape leaves it on screen (none for a marker's name). */
export interface PlacedLabel {
  el: HTMLElement;
  /** Higher is kept first when two would overlap. */
  priority: number;
  room?: { width: number; height: number };
}

/**
 * Labels that read: a plot's name shows only when the plot is large enough on screen to hold it, and a
 * label that would overlap one already kept (higher priority first, then in order) is hidden until a
 * zoom makes room. Without tiles the names are what makes the map readable, so they must not pile up.
 */
export function declutter(labels: readonly PlacedLabel[]): void {
  const kept: DOMRect[] = [];
  const order = labels.map((l, i) => ({ l, i })).sort((a, b) => b.l.priority - a.l.priority || a.i - b.i);
  for (const { l } of order) {
    l.el.style.visibility = '';
    const r = l.el.getBoundingClientRect();
    // The room is in the map's own pixels; a CSS scale around the map (the data screens' stage) scales the
    // label's on-screen box but not the room, so compare the label's layout size, which no transform changes.
    const cramped = l.room !== undefined && (l.el.offsetWidth > l.room.width || l.el.offsetHeight > l.room.height);
    const hit = kept.some((k) => r.left < k.right && k.left < r.right && r.top < k.bottom && k.top < r.bottom);
    if (cramped || hit) {
      l.el.style.visibility = 'hidden';
      continue;
    }
    kept.push(r);
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put into HTML (element content or a quoted attribute). Names of parks, devices and
 * parameters are typed by users: wherever a library takes an HTML string (ECharts tooltips, Leaflet
 * labels), they go through here, so `<img onerror=...>` shows as text instead of running.
 */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

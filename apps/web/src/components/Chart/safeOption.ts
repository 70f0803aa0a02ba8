import { escapeHtml } from '../../utils/escape';

type Formatter = (params: unknown, ticket?: string, callback?: (ticket: string, html: string) => void) => unknown;

// Stands for the coloured dot ECharts passes as `marker` (its own HTML); survives escaping untouched.
const MARK = '\u0001';
const markerToken = (i: number) => `${MARK}${i}${MARK}`;
const MARKER_TOKEN = new RegExp(`${MARK}(\\d+)${MARK}`, 'g');

/**
 * A tooltip formatter whose answer is plain text: what it returns is escaped, its line breaks become
 * `<br/>` and the `marker` it was given is put back as ECharts' own dot. So a formatter may use any
 * name (from its params or its closure) without being able to produce HTML.
 */
export function textFormatter(fn: Formatter): Formatter {
  return (params, ticket, callback) => {
    const list = Array.isArray(params) ? params : [params];
    const markers: string[] = [];
    const masked = list.map((p, i) => {
      if (!p || typeof p !== 'object') return p;
      const marker = (p as { marker?: unknown }).marker;
      markers[i] = typeof marker === 'string' ? marker : '';
      return { ...p, marker: markerToken(i) };
    });
    const html = (text: unknown) =>
      escapeHtml(text)
        .replace(/\r?\n/g, '<br/>')
        .replace(MARKER_TOKEN, (_, i: string) => markers[Number(i)] ?? '');
    // an asynchronous formatter answers through the callback: that answer is text too
    const later = callback && ((t: string, text: string) => callback(t, html(text)));
    return html(fn(Array.isArray(params) ? masked : masked[0], ticket, later));
  };
}

const wrapped = new WeakSet<Formatter>();
const isRecord = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

function wrapTooltip(tooltip: unknown): unknown {
  if (Array.isArray(tooltip)) return tooltip.map(wrapTooltip);
  if (!isRecord(tooltip) || typeof tooltip.formatter !== 'function') return tooltip;
  const fn = tooltip.formatter as Formatter;
  if (wrapped.has(fn)) return tooltip;
  const safe = textFormatter(fn);
  wrapped.add(safe);
  return { ...tooltip, formatter: safe };
}

/** Copies only what changes: a series of 2,000 points is walked, not cloned. */
function walk(value: unknown): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((x) => {
      const y = walk(x);
      if (y !== x) changed = true;
      return y;
    });
    return changed ? out : value;
  }
  if (!isRecord(value)) return value;
  let out = value;
  for (const [key, x] of Object.entries(value)) {
    const y = key === 'tooltip' ? wrapTooltip(x) : walk(x);
    if (y === x) continue;
    if (out === value) out = { ...value };
    out[key] = y;
  }
  return out;
}

/**
 * The option as the chart gets it. ECharts draws names, legends, axis and data labels on a canvas
 * (text, never parsed as HTML; rich-text `{style|...}` markup applies only where a `rich` style is set,
 * and our options set none), and escapes the values it puts into its default tooltips and string
 * templates (`{b}: {c}`). What it does not escape is the answer of a function formatter: every
 * `tooltip.formatter` function, wherever it sits (top level, series, legend, `media` overrides), is
 * routed through `textFormatter`.
 */
export function safeOption<T extends Record<string, unknown>>(option: T): T {
  return walk(option) as T;
}

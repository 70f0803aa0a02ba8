import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_RULES,
  fieldName,
  hasFieldName,
  type IssueLike,
  issueDetail,
  issueField,
  phraseDetail,
} from './errorDetail';
import * as contracts from './index';

/**
 * Issue 23 "one door for messages": every issue any request schema raises reads as a sentence in
 * both languages, naming its field as a person would. Bad values go through every exported schema
 * (one field at a time, from a sample that passes the field checks), and every message is checked:
 * no field key or dotted path, no English word on a zh-CN message, no missing name or rule.
 */

/** Device payloads and the public page's snapshot are read from machines, never typed by a person. */
const MACHINE_ONLY = /Payload$|^reading$|^publicTraceSchema$|^sessionEndedMessage$/;
const schemas = (Object.entries(contracts) as [string, unknown][]).filter(
  (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType && !MACHINE_ONLY.test(e[0]),
);
const byName = new Map(schemas);

/** Keys a program fills in (ids of commands, parameter keys), whose pattern has no words of its own. */
const MACHINE_PATTERNS = new Set(['cmdId', 'key', 'keys', 'sensorKey']);

/** Words a zh-CN message may keep: protocols, file types and product names a Chinese page writes in Latin. */
const LATIN_OK = new Set(
  'http https rtsp m3u8 flv Asia Shanghai AppKey CSV iOS Webhook EC pH GTIN ID PTZ Android MP4 X'.split(' '),
);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

/** Field paths of a schema, an array's items as `#`. */
function paths(schema: unknown, at: string[] = [], out: string[][] = []): string[][] {
  const d = defOf(schema);
  const into = (s: unknown, p = at) => paths(s, p, out);
  switch (d.type) {
    case 'object':
      for (const [k, v] of Object.entries(d.shape as Record<string, unknown>)) {
        out.push([...at, k]);
        into(v, [...at, k]);
      }
      break;
    case 'pipe':
      into(d.in);
      into(d.out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      into(d.innerType);
      break;
    case 'array':
      into(d.element, [...at, '#']);
      break;
    case 'union':
      for (const o of d.options as unknown[]) into(o);
      break;
    case 'intersection':
      into(d.left);
      into(d.right);
      break;
  }
  return out;
}

const CANDIDATES: unknown[] = [
  1,
  'Ab12cd34',
  '2026-03-01',
  '08:30',
  true,
  'A4',
  [],
  {},
  'airTemp',
  'soilMoisture10',
  'rtsp://cam.local/1',
  'https://example.com/a',
  '/large-screen',
  'Asia/Shanghai',
  '2026-03',
  '11010519491231002X',
  '12345670',
  'aa_b',
  '123e4567-e89b-12d3-a456-426614174000',
];

/** A value the schema takes, built field by field; undefined when none of the candidates passes. */
function sample(schema: z.ZodType): unknown {
  const d = defOf(schema);
  if (d.type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) out[k] = sample(v);
    return out;
  }
  if (d.type === 'array') return [sample(d.element as z.ZodType)];
  if (d.type === 'intersection')
    return { ...(sample(d.left as z.ZodType) as object), ...(sample(d.right as z.ZodType) as object) };
  if (d.type === 'pipe' && defOf(d.out).type !== 'transform') {
    const inner = sample(d.out as z.ZodType);
    if (schema.safeParse(inner).success) return inner;
  }
  if (d.type === 'enum') return Object.values(d.entries as object)[0];
  if (d.type === 'literal') return (d.values as unknown[])[0];
  return CANDIDATES.find((c) => schema.safeParse(c).success);
}

const BAD: unknown[] = [
  undefined,
  '',
  'x'.repeat(2100),
  -1,
  0,
  1.5,
  1e12,
  'abc',
  '2000-01-01',
  '2099-12-31',
  '99:99',
  '23:59',
  true,
  [],
  {},
  [{}],
  [1, 1],
];

function setAt(value: unknown, path: string[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  if (head === '#') {
    const list = Array.isArray(value) && value.length ? value : [{}];
    return list.map((item, i) => (i === 0 ? setAt(item, rest, to) : item));
  }
  const obj = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  return { ...obj, [head]: setAt((obj as Record<string, unknown>)[head], rest, to) };
}

interface Raised {
  schema: string;
  issue: IssueLike & { path: PropertyKey[] };
}
function raise(): Raised[] {
  const out: Raised[] = [];
  for (const [name, schema] of schemas) {
    const base = sample(schema);
    const tries = [base, {}];
    for (const path of paths(schema)) for (const bad of BAD) tries.push(setAt(base, path, bad));
    for (const t of tries) {
      const r = schema.safeParse(t);
      if (!r.success) for (const issue of r.error.issues) out.push({ schema: name, issue: issue as never });
    }
  }
  return out;
}
const raised = raise();

/** Latin words of a message, leaving out the values it quotes (what a person typed is not the page's language). */
const latinWords = (text: string) =>
  (text.replace(/“[^”]*”/g, '').match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter((w) => !LATIN_OK.has(w));
const isObjectSchema = (s: unknown) => ['object', 'intersection'].includes(defOf(s).type);

describe('every request schema speaks to people (issue 23)', () => {
  it('walks enough of the contracts to mean something', () => {
    expect(schemas.length).toBeGreaterThan(200);
    expect(raised.length).toBeGreaterThan(5000);
    const rules = new Set(raised.map((r) => issueDetail(r.issue).rule));
    // Cross-field rules fire from one bad field against a passing sample.
    for (const rule of ['notBefore', 'notBelow', 'above', 'after', 'differs', 'between', 'exactlyOne'])
      expect(rules, rule).toContain(rule);
  });

  it('names every field of every schema in both languages', () => {
    const missing = new Set<string>();
    for (const [, schema] of schemas)
      for (const path of paths(schema)) {
        const key = path[path.length - 1];
        if (key !== '#' && !hasFieldName(key)) missing.add(key);
      }
    expect([...missing]).toEqual([]);
  });

  it('declares a rule for every refinement and every pattern a person types', () => {
    const unnamed = raised.filter(({ issue }) => {
      const rule = issueDetail(issue).rule;
      if (issue.code === 'custom') return rule === 'invalid';
      const key = String([...issue.path].reverse().find((p) => typeof p === 'string') ?? '');
      return issue.code === 'invalid_format' && rule === 'invalid' && !MACHINE_PATTERNS.has(key);
    });
    expect(unnamed.map((u) => `${u.schema}: ${issueField(u.issue)} ${u.issue.code}`)).toEqual([]);
  });

  it('phrases every issue without paths, keys or another language', () => {
    const wrong = new Set<string>();
    for (const { schema, issue } of raised) {
      // A field's own schema parsed alone has no field to name; inside its body it has one.
      if (issue.path.length === 0 && !isObjectSchema(byName.get(schema))) continue;
      const detail = issueDetail(issue, issueField(issue));
      const zh = phraseDetail(detail, 'zh');
      const en = phraseDetail(detail, 'en');
      const where = `${schema} ${detail.field ?? '(body)'} ${detail.rule}`;
      for (const text of [zh, en]) {
        if (/undefined|NaN|\{\{|\[object|该项|this field/.test(text)) wrong.add(`${where}: ${text}`);
        if (/[A-Za-z]\w*\.\d|\d\.[A-Za-z]/.test(text)) wrong.add(`${where}: a dotted path in ${text}`);
      }
      if (latinWords(zh).length) wrong.add(`${where}: English in ${zh}`);
      for (const key of (detail.field ?? '').split('.'))
        if (/[a-z][A-Z]/.test(key) && en.includes(key)) wrong.add(`${where}: the key ${key} in ${en}`);
      if (!/[\u4e00-\u9fff]/.test(zh)) wrong.add(`${where}: no Chinese in ${zh}`);
    }
    expect([...wrong]).toEqual([]);
  });

  it('phrases every rule with Chinese words only on a Chinese page', () => {
    const params = { min: 1, max: 9, value: '苗期', count: 2, values: 'kg, t', other: 'sownOn', others: 'volumeM3' };
    for (const rule of ERROR_RULES) {
      const zh = phraseDetail({ field: 'transplantedOn', rule, params }, 'zh');
      expect(latinWords(zh), `${rule}: ${zh}`).toEqual([]);
    }
  });

  it.each([
    ['stages.2.ranges.1.max', 'zh', '第 3 个阶段第 2 个参数的上限'],
    ['stages.2.ranges.1.max', 'en', 'max of parameter 2 of stage 3'],
    ['items.0.name', 'zh', '第 1 个检测项目的名称'],
    ['materials.1.materialId', 'en', 'material 2'],
    ['condition.high', 'zh', '触发条件的上限'],
    ['params.valve', 'en', 'valve'],
    ['nothingKnown', 'en', 'this field'],
  ] as const)('names %s by the rows a person sees (%s)', (path, lang, name) => {
    expect(fieldName(path, lang)).toBe(name);
  });
});

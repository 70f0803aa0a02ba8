import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueDetail } from './errorDetail';
import {
  boolField,
  enumField,
  epochMsField,
  idField,
  intField,
  jsonText,
  listOf,
  nullable,
  numberField,
  optional,
  VALUE_MESSAGES,
  withDefault,
} from './requestValues';

/** The values issue 11 names: what forms, query strings and careless JSON clients really send. */
const HOSTILE: unknown[] = [
  'false',
  '0',
  'off',
  'on',
  'yes',
  true,
  false,
  'true ',
  '',
  null,
  undefined,
  [],
  ['1'],
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  ' 12 ',
  {},
  { a: 1 },
  '12abc',
  '1,2',
];

const read = (schema: z.ZodType, v: unknown) => {
  const r = z.object({ f: schema }).safeParse(v === undefined ? {} : { f: v });
  return r.success ? { ok: (r.data as { f: unknown }).f } : { error: r.error.issues[0].message };
};

describe('boolField', () => {
  const expected = new Map<unknown, unknown>([
    ['false', false],
    ['0', false],
    ['off', false],
    ['OFF', false],
    [0, false],
    [false, false],
    ['on', true],
    ['true ', true],
    [true, true],
    [1, true],
  ]);
  it.each(HOSTILE)('reads %j as a boolean or refuses it', (v) => {
    const got = read(boolField(), v);
    if (expected.has(v)) expect(got).toEqual({ ok: expected.get(v) });
    else if (v === '' || v === null || v === undefined) expect(got).toEqual({ error: VALUE_MESSAGES.required });
    else expect(got).toEqual({ error: VALUE_MESSAGES.boolean });
  });
  it('with a default, blank takes the default and "false" stays false', () => {
    const s = withDefault(boolField(), true);
    expect(read(s, '')).toEqual({ ok: true });
    expect(read(s, undefined)).toEqual({ ok: true });
    expect(read(s, 'false')).toEqual({ ok: false });
    expect(read(s, 'yes')).toEqual({ error: VALUE_MESSAGES.boolean });
  });
});

describe('numberField and intField', () => {
  it.each(HOSTILE)('a required number refuses %j unless it is plain decimal text', (v) => {
    const got = read(numberField(), v);
    if (v === ' 12 ') expect(got).toEqual({ ok: 12 });
    else if (v === '0') expect(got).toEqual({ ok: 0 });
    else if (v === '' || v === null || v === undefined) expect(got).toEqual({ error: VALUE_MESSAGES.required });
    else expect(got).toEqual({ error: VALUE_MESSAGES.number });
  });
  it('reads decimals and signs, keeps limits and their messages', () => {
    expect(read(numberField(), '-1.5')).toEqual({ ok: -1.5 });
    expect(read(numberField(), '.5')).toEqual({ ok: 0.5 });
    expect(read(numberField(), 3.25)).toEqual({ ok: 3.25 });
    expect(read(numberField(), Number.POSITIVE_INFINITY)).toEqual({ error: VALUE_MESSAGES.number });
    expect(read(numberField(), Number.NaN)).toEqual({ error: VALUE_MESSAGES.number });
    expect(read(intField(), '1.5')).toEqual({ error: VALUE_MESSAGES.integer });
    expect(
      read(
        intField((n) => n.max(10, 'x must be at most 10')),
        '11',
      ),
    ).toEqual({ error: 'x must be at most 10' });
  });
  it('optional: blank is not given, anything else is read as the required one', () => {
    for (const v of ['', '  ', null, undefined]) expect(read(optional(numberField()), v)).toEqual({ ok: undefined });
    expect(read(optional(numberField()), true)).toEqual({ error: VALUE_MESSAGES.number });
    expect(read(optional(intField()), '7')).toEqual({ ok: 7 });
    expect(read(nullable(numberField()), '')).toEqual({ ok: null });
    expect(read(withDefault(intField(), 5), '')).toEqual({ ok: 5 });
  });
});

describe('idField', () => {
  it.each(HOSTILE)('refuses %j unless it is a whole number from 1', (v) => {
    const got = read(idField(), v);
    if (v === ' 12 ') expect(got).toEqual({ ok: 12 });
    else if (v === '' || v === null || v === undefined) expect(got).toEqual({ error: VALUE_MESSAGES.required });
    else expect(got).toHaveProperty('error');
  });
  it('refuses 0, negatives and fractions', () => {
    for (const v of [0, '0', -1, '1.5', 2 ** 60]) expect(read(idField(), v)).toHaveProperty('error');
    expect(read(idField(), 42)).toEqual({ ok: 42 });
  });
});

describe('listOf', () => {
  const ids = listOf(idField(), (a) => a.min(1, 'name at least one'));
  it('reads a one-item list the same from a form body and from JSON', () => {
    expect(read(ids, '1')).toEqual({ ok: [1] });
    expect(read(ids, ['1'])).toEqual({ ok: [1] });
    expect(read(ids, [1])).toEqual({ ok: [1] });
    expect(read(ids, 1)).toEqual({ ok: [1] });
  });
  it('reads repeated keys, comma-separated and JSON texts', () => {
    expect(read(ids, ['1', '2'])).toEqual({ ok: [1, 2] });
    expect(read(ids, '1, 2,')).toEqual({ ok: [1, 2] });
    expect(read(ids, '[3,4]')).toEqual({ ok: [3, 4] });
  });
  it('blank is the empty list, which the rule may refuse', () => {
    for (const v of ['', null, undefined, []]) expect(read(ids, v)).toEqual({ error: 'name at least one' });
    expect(read(listOf(idField()), '')).toEqual({ ok: [] });
  });
  it('refuses objects, bad items and broken JSON text', () => {
    expect(read(ids, { a: 1 })).toEqual({ error: VALUE_MESSAGES.list });
    expect(read(ids, ['1', 'x'])).toHaveProperty('error');
    expect(read(ids, [true])).toEqual({ error: VALUE_MESSAGES.number });
    expect(read(ids, '[1,')).toEqual({ error: VALUE_MESSAGES.list });
  });
});

describe('epochMsField', () => {
  it('reads epoch milliseconds as number or digits, and date texts', () => {
    expect(read(epochMsField(), 1700000000000)).toEqual({ ok: 1700000000000 });
    expect(read(epochMsField(), ' 1700000000000 ')).toEqual({ ok: 1700000000000 });
    expect(read(epochMsField(), '2026-11-22T08:00:00Z')).toEqual({ ok: Date.UTC(2026, 10, 22, 8) });
    expect(read(epochMsField(), '2026-11-22 08:00:00')).toEqual({ ok: new Date(2026, 10, 22, 8).getTime() });
  });
  it.each(['yesterday', 'x 2020', '1e12', '-5', true, [], ['1'], {}, '2026-13-45'])('refuses %j', (v) => {
    expect(read(epochMsField(), v)).toHaveProperty('error');
  });
  it('blank is required unless optional', () => {
    expect(read(epochMsField(), '')).toEqual({ error: VALUE_MESSAGES.required });
    expect(read(optional(epochMsField()), '')).toEqual({ ok: undefined });
  });
});

describe('enumField and jsonText', () => {
  it('enum: trims, names the choices, says when missing', () => {
    const s = enumField(['csv', 'xlsx']);
    expect(read(s, ' csv ')).toEqual({ ok: 'csv' });
    // The message is the rule; the issue names the choices (issueDetail's `values`).
    expect(read(s, 'pdf')).toEqual({ error: 'oneOf' });
    expect(read(s, true)).toEqual({ error: 'oneOf' });
    expect(issueDetail(s.safeParse('pdf').error?.issues[0] as never)).toEqual({
      rule: 'oneOf',
      params: { values: 'csv, xlsx' },
    });
    expect(read(s, undefined)).toEqual({ error: VALUE_MESSAGES.required });
  });
  it('json: a form body text and a JSON body object read the same, booleans inside included', () => {
    const s = jsonText(z.object({ on: boolField() }));
    expect(read(s, '{"on":"false"}')).toEqual({ ok: { on: false } });
    expect(read(s, { on: 'off' })).toEqual({ ok: { on: false } });
    expect(read(s, '{broken')).toHaveProperty('error');
  });
});

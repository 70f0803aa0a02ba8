import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOGIN_LIMIT, TOKEN_LIMIT } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { renderRouteIndex, replaceRouteIndex } from './routeIndex';

const API_MD = resolve(import.meta.dirname, '../../../../docs/API.md');

describeEachEngine('docs/API.md route index', (env) => {
  it('lists every registered /api route with its permission and inputs', () => {
    const doc = readFileSync(API_MD, 'utf8');
    const wanted = replaceRouteIndex(doc, renderRouteIndex(env().routes));
    // UPDATE_API_INDEX=1 rewrites the section after a route was added, removed or changed.
    if (process.env.UPDATE_API_INDEX === '1' && wanted !== doc) writeFileSync(API_MD, wanted);
    else
      expect(
        doc,
        'docs/API.md route index is stale: run UPDATE_API_INDEX=1 npx vitest run --project server routeIndex',
      ).toBe(wanted);
  });

  it('states the login and per-session limits the code enforces', () => {
    const doc = readFileSync(API_MD, 'utf8').replace(/\s+/g, ' ');
    const l = LOGIN_LIMIT;
    for (const said of [
      `the first ${l.freeFailures} failures cost nothing`,
      `each failure waits ${l.baseDelayMs / 1000} s, doubling up to ${l.maxDelayMs / 60_000} min`,
      `one address may try ${l.perAddress} times in ${l.addressWindowMs / 60_000} minutes`,
      `${TOKEN_LIMIT.max} per session per ${TOKEN_LIMIT.windowMs === 60_000 ? 'minute' : `${TOKEN_LIMIT.windowMs} ms`}`,
    ])
      expect(doc, `docs/API.md, rate limits: "${said}"`).toContain(said);
  });
});

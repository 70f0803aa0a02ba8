import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', mqttPort: 1883, demo: false, logLevel: 'info' });
    expect(c.database).toEqual({ engine: 'sqlite', file: resolve('./data/farmpark.db') });
    expect(c.webDist.endsWith(resolve('/apps/web/dist'))).toBe(true);
  });

  it('switches to PostgreSQL on a postgres URL and reads DEMO as a boolean', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DEMO: 'true', PORT: '9000' });
    expect(c.database).toEqual({ engine: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(c.demo).toBe(true);
    expect(c.port).toBe(9000);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: PORT must be a number/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO: must be one of/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it('reads TRUST_PROXY as proxy hops or addresses, and refuses true (the client would choose its address)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.0.0/8' }).trustProxy).toBe('10.0.0.2,10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: TRUST_PROXY=true would believe/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY: must be a number of proxies/);
  });
});

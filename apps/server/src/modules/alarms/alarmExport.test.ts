import { Code } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';

const EXPORT = '/api/merchant/alarm/exportAlarmList';

describeEachEngine('alarm export', (env) => {
  it('heads the file in the reader language and refuses a foreign park with an envelope, not a download', async () => {
    const demo = await env().login('demo');
    const get = (query: Record<string, string>, lang?: string) =>
      env().app.inject({
        method: 'GET',
        url: EXPORT,
        query,
        headers: { AuthToken: demo, ...(lang ? { 'accept-language': lang } : {}) },
      });
    const en = await get({}, 'en-US,en;q=0.9');
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.headers['content-disposition']).toMatch(/^attachment; filename="alarms-[\d-]+\.csv"; filename\*=UTF-8''/);
    expect(en.body).toMatch(/^\uFEFFId,Raised at,Park,Device,Serial,Rule,Parameter,Severity,Value,State,/);
    const zh = await get({});
    expect(zh.body).toMatch(/^\uFEFF编号,告警时间,园区,设备名称,设备编号,告警规则,参数,级别,触发值,状态,/);

    const foreign = await get({ groupId: String(env().ids.parks.orchard) });
    expect(foreign.headers['content-disposition']).toBeUndefined();
    expect(foreign.json().code).toBe(Code.NOT_FOUND);
  });
});

import { Code, type Paged, type SystemLogEntry } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { describeEachEngine } from '../../test/harness';

const L = '/api/merchant/systemLog';

describeEachEngine('system log', (env) => {
  let demo: string;
  beforeAll(async () => {
    demo = await env().login('demo');
    await env().post('/api/merchant/role/addRole', demo, { roleName: '日志测试', permitUrls: ['/park'] });
    await env().post('/api/merchant/role/addRole', demo, { roleName: '日志测试', permitUrls: ['/park'] });
    await env().post('/api/merchant/group/addGroup', demo, { groupName: '日志园' });
    await env().post('/api/merchant/group/addGroup', demo, { groupName: '=HYPERLINK("x")' });
  });

  const list = async (q: Record<string, string> = {}) =>
    (await env().get<Paged<SystemLogEntry>>(`${L}/getSystemLogList`, demo, q)).data;

  it('records who did what to which object, from where, and how it ended; newest first', async () => {
    const all = await list();
    expect(all.list[0]).toMatchObject({ action: 'park.add', loginName: 'demo', targetType: 'park', result: 'ok' });
    expect(all.list[0].ip).toBe('127.0.0.1');
    const [refused, added] = all.list.slice(2, 4);
    expect(refused).toMatchObject({ action: 'role.add', result: 'fail', resultCode: Code.CONFLICT });
    expect(refused.detail).toContain('already exists');
    expect(added).toMatchObject({ action: 'role.add', result: 'ok', targetType: 'role' });
    expect(added.targetId).toMatch(/^\d+$/);
    expect(all.list.some((e) => e.action === 'login' && e.loginName === 'demo')).toBe(true);
  });

  it('filters by action family, result, login name, keyword and time', async () => {
    expect((await list({ action: 'role' })).list.map((e) => e.result)).toEqual(['fail', 'ok']);
    expect((await list({ result: 'fail' })).list.every((e) => e.result === 'fail')).toBe(true);
    expect((await list({ keyword: '日志园' })).total).toBe(1);
    expect((await list({ loginName: 'nobody' })).total).toBe(0);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await list({ startTime: future })).total).toBe(0);
    expect((await list({ endTime: future, targetType: 'role' })).total).toBe(2);
    const bad = await env().get(`${L}/getSystemLogList`, demo, { startTime: 'yesterday', result: 'maybe' });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(fieldsOf(bad)).toContain('startTime');
    expect(fieldsOf(bad)).toContain('result');
  });

  it('keeps each company to its own log', async () => {
    const other = await env().login('demo2');
    const res = await env().get<Paged<SystemLogEntry>>(`${L}/getSystemLogList`, other, { pageSize: '500' });
    expect(res.data.list.every((e) => e.loginName === 'demo2')).toBe(true);
  });

  it('exports the filtered log as CSV with formulas defused', async () => {
    const res = await env().app.inject({
      method: 'GET',
      url: `${L}/exportSystemLog?action=park`,
      headers: { AuthToken: demo, 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="system-log-\d+\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Operator,Action,Object,Detail,IP address,Result,Result code');
    expect(lines).toHaveLength(3);
    // the newest first; a cell that starts like a formula is quoted and defused
    expect(lines[1]).toContain(',"\'=HYPERLINK(""x"")",');
    // action and object in words, the park by its name
    expect(lines[2]).toMatch(/,demo,Add park,Park 日志园,日志园,127\.0\.0\.1,Success,0$/);
    // without a language the file is in Chinese, the product's language
    const zh = await env().app.inject({
      method: 'GET',
      url: `${L}/exportSystemLog?action=park`,
      headers: { AuthToken: demo },
    });
    expect(zh.body).toMatch(/^\uFEFF时间,操作人,操作,对象,详情,/);
    expect(zh.body).toContain(',demo,新增园区,园区 日志园,日志园,127.0.0.1,成功,0');
  });

  it('phrases operators, objects and commands in the reader language, on the page and in the file alike', async () => {
    const { db, ids } = env();
    const device = await db
      .selectFrom('devices')
      .select(['id', 'serial', 'name'])
      .where('id', '=', ids.devices.farm)
      .executeTakeFirstOrThrow();
    const t0 = Date.now() + 1000;
    const base = { merchant_id: ids.merchant.farm, user_id: null, ip: '', result: 'ok', result_code: 0 };
    await db
      .insertInto('system_log')
      .values([
        {
          ...base,
          login_name: 'rule:高温开风机',
          action: 'automation.skip',
          target_type: 'automationRule',
          target_id: '999999',
          detail: 'fire: startIrrigation {"zones":[1],"durationMin":5,"recipe":{"tanks":{"tank1":20}}} - manual mode',
          created_at: t0 - 1,
        },
        {
          ...base,
          login_name: 'program:早间水肥',
          action: 'command.succeeded',
          target_type: 'command',
          target_id: 'no-such-command',
          detail: `${device.serial} setValve {"valve":2,"on":true}`,
          created_at: t0,
        },
        {
          ...base,
          login_name: 'smart:1区墒情',
          action: 'irrigation.start',
          target_type: 'device',
          target_id: String(device.id),
          detail: `${device.name}, zones 1,2`,
          created_at: t0 + 1,
        },
      ])
      .execute();
    // a start on the demo's water-fertiliser machine, whose zones are named
    const wf = await db.selectFrom('devices').selectAll().where('serial', '=', 'DF-WF-0001').executeTakeFirstOrThrow();
    const cmdId = `log-phrase-${t0}`;
    await db
      .insertInto('commands')
      .values({
        cmd_id: cmdId,
        merchant_id: wf.merchant_id,
        group_id: wf.group_id,
        device_id: wf.id,
        device_class: wf.device_class,
        device_serial: wf.serial,
        device_name: wf.name,
        name: 'startIrrigation',
        params: '{"zones":[1,9],"durationMin":5}',
        state: 'succeeded',
        source: 'program',
        login_name: 'program:早间水肥',
        created_at: t0,
      })
      .execute();
    await db
      .insertInto('system_log')
      .values({
        ...base,
        login_name: 'program:早间水肥',
        action: 'command.succeeded',
        target_type: 'command',
        target_id: cmdId,
        detail: `${wf.serial} startIrrigation {"zones":[1,9],"durationMin":5}`,
        created_at: t0 + 2,
      })
      .execute();
    const start = (await list({ pageSize: '1' })).list[0];
    expect(start.text).toMatchObject({
      target: `指令 ${wf.name} ${wf.serial}`,
      detail: `${wf.serial} 开始灌溉：1区 → 1号棚番茄、9区；5 分钟；清水`,
    });
    // a start as the irrigation routes word it names the machine and its zones
    await db
      .insertInto('system_log')
      .values({
        ...base,
        login_name: 'demo',
        action: 'irrigation.start',
        target_type: 'irrigationRun',
        target_id: '999999',
        detail: `device ${wf.id}, zones 1,9`,
        created_at: t0 + 3,
      })
      .execute();
    const routeStart = (await list({ pageSize: '1' })).list[0];
    expect(routeStart.text.detail).toBe(`${wf.name} ${wf.serial}, 1区 → 1号棚番茄、9区`);
    await db
      .deleteFrom('system_log')
      .where('created_at', '=', t0 + 3)
      .execute();
    await db.deleteFrom('system_log').where('target_id', '=', cmdId).execute();
    await db.deleteFrom('commands').where('cmd_id', '=', cmdId).execute();
    const zhPage = (await list({ pageSize: '2' })).list;
    expect(zhPage[0].text).toEqual({
      operator: '智能规则“1区墒情”',
      action: '启动灌溉',
      target: `设备 ${device.name} ${device.serial}`,
      detail: `${device.name}, 1区、2区`,
    });
    expect(zhPage[1].text).toMatchObject({ operator: '程序“早间水肥”', detail: `${device.serial} 2号阀门：开` });
    const skipped = (await list({ action: 'automation.skip', pageSize: '1' })).list[0];
    expect(skipped.text).toEqual({
      operator: '自动规则“高温开风机”',
      action: '自动控制跳过（手动模式）',
      target: '自动控制规则 #999999',
      detail: 'fire: 开始灌溉：1区；5 分钟；肥桶比例 1号肥桶 20% - manual mode',
    });
    const en = await env().get<Paged<SystemLogEntry>>(`${L}/getSystemLogList`, demo, { pageSize: '2' });
    // the test client sends no language: ask in English through the header
    const enRes = await env().app.inject({
      method: 'GET',
      url: `${L}/getSystemLogList?pageSize=2`,
      headers: { AuthToken: demo, 'accept-language': 'en-US' },
    });
    expect(en.code).toBe(0);
    const enList = enRes.json().data.list as SystemLogEntry[];
    expect(enList[1].text).toMatchObject({ operator: 'program "早间水肥"', detail: `${device.serial} Valve 2: on` });
    const file = await env().app.inject({
      method: 'GET',
      url: `${L}/exportSystemLog?action=command`,
      headers: { AuthToken: demo },
    });
    expect(file.body).toContain(`,程序“早间水肥”,指令执行成功,指令 no-such-command,${device.serial} 2号阀门：开,`);
    expect(file.body).not.toMatch(/\{"valve"/);
    await db
      .deleteFrom('system_log')
      .where('created_at', '>=', t0 - 1)
      .where('merchant_id', '=', ids.merchant.farm)
      .execute();
  });
});

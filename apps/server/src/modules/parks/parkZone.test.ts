import { Code, type Park } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { zonedTimeFormat } from '../../http/exportWriter';
import { fieldsOf } from '../../test/details';
import { describeEachEngine, signedIn } from '../../test/harness';

const LIST = '/api/merchant/group/getGroupAndDeviceAllList';
const ALTER = '/api/merchant/group/alterGroup';
const ADD = '/api/merchant/group/addGroup';
const LOG_EXPORT = '/api/merchant/systemLog/exportSystemLog';

describeEachEngine('park time zone', (env) => {
  const token = signedIn(env, 'demo');
  const parks = async () => (await env().get<Park[]>(LIST, token.demo)).data;
  const park = async (id: number) => (await parks()).find((p) => p.groupId === id)!;

  it('is the server TZ_NAME until a park sets its own; blank returns it to TZ_NAME', async () => {
    const [p1, p2] = env().ids.parks.farm;
    expect(env().config.tzName).toBe('Asia/Shanghai');
    expect((await parks()).every((p) => p.timeZone === 'Asia/Shanghai')).toBe(true);

    const before = await park(p1);
    const set = await env().post<Park>(
      ALTER,
      token.demo,
      { groupId: String(p1), groupName: before.groupName, timeZone: 'UTC' },
      true,
    );
    expect(set.code).toBe(0);
    expect(set.data.timeZone).toBe('UTC');
    expect((await park(p1)).timeZone).toBe('UTC');
    expect((await park(p2)).timeZone).toBe('Asia/Shanghai');

    // an edit that does not mention the zone keeps it
    await env().post(ALTER, token.demo, { groupId: p1, groupName: before.groupName, crops: '番茄' });
    expect((await park(p1)).timeZone).toBe('UTC');
    await env().post(ALTER, token.demo, { groupId: p1, groupName: before.groupName, timeZone: '' });
    expect((await park(p1)).timeZone).toBe('Asia/Shanghai');

    const added = await env().post<Park>(ADD, token.demo, { groupName: '纽约试验园', timeZone: 'America/New_York' });
    expect(added.data.timeZone).toBe('America/New_York');
  });

  it('refuses a zone that is not an IANA zone, naming the field', async () => {
    const [p1] = env().ids.parks.farm;
    for (const timeZone of ['Mars/Olympus', 'UTC+8', 'x'.repeat(80)]) {
      const res = await env().post(ALTER, token.demo, { groupId: p1, groupName: '寿光蔬菜高科技示范园', timeZone });
      expect(res.code).toBe(Code.VALIDATION);
      expect(fieldsOf(res)).toContain('timeZone');
      expect(res.msg).toBe('Time zone must be a time zone such as Asia/Shanghai');
    }
  });

  it("writes an export's times and file name in the park's zone, whatever the process zone", async () => {
    const [p1, p2] = env().ids.parks.farm;
    await env().post(ALTER, token.demo, {
      groupId: p1,
      groupName: (await park(p1)).groupName,
      timeZone: 'America/New_York',
    });
    const newest = await env()
      .db.selectFrom('system_log')
      .select('created_at')
      .where('merchant_id', '=', env().ids.merchant.farm)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const at = Number(newest.created_at);
    const exportIn = (groupId: number) =>
      env().app.inject({ method: 'GET', url: `${LOG_EXPORT}?groupId=${groupId}`, headers: { AuthToken: token.demo } });
    const ny = await exportIn(p1);
    const sh = await exportIn(p2);
    const firstTime = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .split('\r\n')[1]
        .split(',')[0];
    expect(firstTime(ny.body)).toBe(zonedTimeFormat('America/New_York')(at));
    expect(firstTime(sh.body)).toBe(zonedTimeFormat('Asia/Shanghai')(at));
    expect(firstTime(sh.body)).not.toBe(firstTime(ny.body));
    const stamp = (res: typeof ny) => /system-log-(\d{12})\.csv/.exec(String(res.headers['content-disposition']))![1];
    const now = Date.now();
    expect(stamp(sh).slice(0, 8)).toBe(zonedTimeFormat('Asia/Shanghai')(now).slice(0, 10).replace(/-/g, ''));
    expect(Number(stamp(sh).slice(8, 10))).toBe(Number(zonedTimeFormat('Asia/Shanghai')(now).slice(11, 13)));
    expect(Number(stamp(ny).slice(8, 10))).toBe(Number(zonedTimeFormat('America/New_York')(now).slice(11, 13)));

    // the console sends its active park's zone: the file then says the hours its table showed
    const asked = await env().app.inject({
      method: 'GET',
      url: `${LOG_EXPORT}?groupId=${p1}&timeZone=UTC`,
      headers: { AuthToken: token.demo },
    });
    expect(firstTime(asked.body)).toBe(zonedTimeFormat('UTC')(at));
    const bad = await env().app.inject({
      method: 'GET',
      url: `${LOG_EXPORT}?timeZone=Mars%2FOlympus`,
      headers: { AuthToken: token.demo },
    });
    expect(bad.json()).toMatchObject({ code: Code.VALIDATION });
    expect(fieldsOf(bad.json())).toContain('timeZone');

    // another company's park is not a zone this reader may borrow
    const foreign = await env().app.inject({
      method: 'GET',
      url: `${LOG_EXPORT}?groupId=${env().ids.parks.orchard}`,
      headers: { AuthToken: token.demo },
    });
    expect(foreign.json().code).toBe(Code.NOT_FOUND);
  });
});

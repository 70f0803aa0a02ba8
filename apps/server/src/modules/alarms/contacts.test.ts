import { type AlarmContact, Code, type Paged } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';

const A = '/api/merchant/alarm';

describeEachEngine('alarm contacts', (env) => {
  let demo: string;
  let demo2: string;
  beforeAll(async () => {
    [demo, demo2] = await Promise.all([env().login('demo'), env().login('demo2')]);
  });
  const list = (token: string, q: Record<string, string>) =>
    env().get<Paged<AlarmContact>>(`${A}/getAlarmContactList`, token, { pageNum: '1', pageSize: '10', ...q });

  it('lists by park and name, edits its parks, and is invisible to another merchant', async () => {
    const [p1, p2] = env().ids.parks.farm;
    const added = await env().post<{ id: number }>(`${A}/addAlarmContact`, demo, {
      name: '夜班联系人',
      email: 'night@farm.test',
      groupIds: [p1, p2],
    });
    expect(added.code, added.msg).toBe(0);
    const id = added.data.id;

    const byPark = await list(demo, { groupId: String(p2), keyword: '夜班' });
    expect(byPark.data.total).toBe(1);
    expect(byPark.data.list[0]).toMatchObject({ id, name: '夜班联系人', groupIds: [p1, p2], enabled: true });

    const altered = await env().post(`${A}/alterAlarmContact`, demo, {
      id,
      name: '夜班联系人',
      email: 'night@farm.test',
      groupIds: [p1],
    });
    expect(altered.code, altered.msg).toBe(0);
    expect((await list(demo, { groupId: String(p2), keyword: '夜班' })).data.total).toBe(0);
    expect((await list(demo, { groupId: String(p1), keyword: '夜班' })).data.list[0].groupIds).toEqual([p1]);

    expect((await list(demo2, { keyword: '夜班' })).data.total).toBe(0);
    const foreign = await env().post(`${A}/alterAlarmContact`, demo2, {
      id,
      name: 'x',
      email: 'x@farm.test',
      groupIds: [env().ids.parks.orchard],
    });
    expect(foreign.code, foreign.msg).toBe(Code.NOT_FOUND);
    const foreignRemove = await env().post(`${A}/removeAlarmContact`, demo2, { id: [id] });
    expect(foreignRemove.code, foreignRemove.msg).toBe(Code.NOT_FOUND);

    expect((await env().post(`${A}/removeAlarmContact`, demo, { id: [id] })).code).toBe(0);
    expect((await list(demo, { keyword: '夜班' })).data.total).toBe(0);
  });

  it("keeps a bot's signing secret, shows it only masked, and takes it only for DingTalk and Feishu", async () => {
    const [p1] = env().ids.parks.farm;
    const secret = 'SEC0123456789abcdef0123456789abcdef';
    const bot = { name: '飞书群机器人', webhookUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/x', groupIds: [p1] };
    const added = await env().post<{ id: number }>(`${A}/addAlarmContact`, demo, {
      ...bot,
      webhookType: 'feishu',
      webhookSecret: secret,
    });
    expect(added.code, added.msg).toBe(0);
    const id = added.data.id;
    const shown = async () => (await list(demo, { keyword: '飞书群' })).data.list[0];
    expect(await shown()).toMatchObject({ webhookType: 'feishu', webhookSecretHint: '••••cdef' });
    expect(JSON.stringify(await shown())).not.toContain('0123456789');
    const stored = () =>
      env().db.selectFrom('alarm_contacts').select('webhook_secret').where('id', '=', id).executeTakeFirstOrThrow();

    // an edit that leaves the field blank keeps it; the clear flag removes it
    expect((await env().post(`${A}/alterAlarmContact`, demo, { ...bot, id, webhookType: 'feishu' })).code).toBe(0);
    expect((await stored()).webhook_secret).toBe(secret);
    const cleared = await env().post(`${A}/alterAlarmContact`, demo, {
      ...bot,
      id,
      webhookType: 'feishu',
      webhookSecretClear: true,
    });
    expect(cleared.code, cleared.msg).toBe(0);
    expect((await stored()).webhook_secret).toBe('');
    expect((await shown()).webhookSecretHint).toBe('');

    // WeCom bots do not sign; a secret with a space is no bot's secret
    const wecom = await env().post(`${A}/addAlarmContact`, demo, {
      ...bot,
      webhookType: 'wecom',
      webhookSecret: secret,
    });
    expect(wecom.code).toBe(Code.VALIDATION);
    expect(wecom.data).toEqual([{ field: 'webhookSecret', rule: 'signedBotsOnly' }]);
    expect(wecom.msg).toBe('Only DingTalk and Feishu bots take a signing secret');
    const spaced = await env().post(`${A}/addAlarmContact`, demo, {
      ...bot,
      webhookType: 'dingtalk',
      webhookSecret: 'SEC with space',
    });
    expect(spaced.data).toEqual([{ field: 'webhookSecret', rule: 'botSecret' }]);
    expect((await env().post(`${A}/removeAlarmContact`, demo, { id: [id] })).code).toBe(0);
  });
});

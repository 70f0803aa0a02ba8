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
});

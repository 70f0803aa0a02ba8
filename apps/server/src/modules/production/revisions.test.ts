import { Code, type Paged, type RecordRevision, type SystemLogEntry } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { P } from './core/permits';
import { type DemoFarm, demoFarm, okPost, pesticideInStock, productionRows, sprayWork } from './core/testFixture';

// Issue 24, point 1: finished records are corrected, never rewritten. Done farm work and harvests keep every
// revision with who, when and why; a correction without a reason changes nothing; the history outlives a removal.
describeEachEngine('production: finished records keep their revisions', (env) => {
  let at: DemoFarm;
  const post = okPost(env, () => at.demo);
  let rows: Awaited<ReturnType<typeof productionRows>>;
  let pesticide: number;

  beforeAll(async () => {
    at = await demoFarm(env(), env().ids.parks.farm[1]);
    rows = await productionRows(env().db, env().ids.merchant.farm, at.park);
    at.plot = rows.plotId;
    pesticide = await pesticideInStock(post, at.park, '更正测试农药', 'L', 100);
  });

  const send = (url: string, body: object) => env().post<unknown>(`${P}/${url}`, at.demo, body);
  const history = async (
    what: 'farmWork/getFarmWorkHistory' | 'harvest/getHarvestHistory',
    id: number,
    park = at.park,
  ) => env().get<RecordRevision[]>(`${P}/${what}`, at.demo, { groupId: String(park), id: String(id) });
  const spray = (day: string, status: 'done' | 'planned') => sprayWork(at, pesticide, day, status, rows.plantingId);
  const harvest = (day: string, quantity: number) => ({
    groupId: at.park,
    plantingId: rows.plantingId,
    harvestedOn: day,
    quantity,
    unit: 'kg',
    personnelIds: [rows.personId],
    overrideReason: null,
  });

  it('refuses correcting work done without a reason and changes nothing', async () => {
    const { id } = await post('farmWork/addFarmWork', spray('2026-02-10', 'done'));
    const res = await send('farmWork/alterFarmWork', { ...spray('2026-02-11', 'done'), id });
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.data).toEqual([{ field: 'correctionReason', rule: 'invalid' }]);
    const h = (await history('farmWork/getFarmWorkHistory', id)).data;
    expect(h.map((r) => [r.revision, r.kind])).toEqual([[1, 'made']]);
    expect(h[0].data).toMatchObject({ doneOn: '2026-02-10', status: 'done', type: 'spraying' });
  });

  it('keeps each correction of work done with who, when, why and what changed, and logs the reason', async () => {
    const { id } = await post('farmWork/addFarmWork', spray('2026-02-14', 'done'));
    const before = Date.now();
    const reason = '记录时日期写错，实为 2 月 15 日';
    await post('farmWork/alterFarmWork', {
      ...spray('2026-02-15', 'done'),
      id,
      notes: '上午',
      correctionReason: reason,
    });
    const h = (await history('farmWork/getFarmWorkHistory', id)).data;
    expect(h.map((r) => [r.revision, r.kind, r.reason])).toEqual([
      [2, 'corrected', reason],
      [1, 'made', null],
    ]);
    expect(h[0]).toMatchObject({ userName: 'demo' });
    expect(h[0].at).toBeGreaterThanOrEqual(before);
    expect(h[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'doneOn', before: '2026-02-14', after: '2026-02-15' },
        { field: 'plannedOn', before: '2026-02-14', after: '2026-02-15' },
        { field: 'notes', before: '', after: '上午' },
      ]),
    );
    expect(h[0].changes).toHaveLength(3);
    const log = await env().get<Paged<SystemLogEntry>>('/api/merchant/systemLog/getSystemLogList', at.demo, {
      action: 'production',
      pageSize: '5',
    });
    expect(log.data.list.find((l) => l.targetId === String(id) && l.detail.includes(reason))).toBeTruthy();
  });

  it('lets planned work change freely; marking it done makes its first revision', async () => {
    const { id } = await post('farmWork/addFarmWork', spray('2026-02-20', 'planned'));
    await post('farmWork/alterFarmWork', { ...spray('2026-02-21', 'planned'), id });
    expect((await history('farmWork/getFarmWorkHistory', id)).data).toEqual([]);
    await post('farmWork/alterFarmWork', { ...spray('2026-02-21', 'done'), id });
    const h = (await history('farmWork/getFarmWorkHistory', id)).data;
    expect(h.map((r) => r.kind)).toEqual(['made']);
  });

  it('keeps a harvest as made, corrected and removed: the history outlives the record', async () => {
    const { id } = await post('harvest/addHarvest', harvest('2026-06-01', 10));
    const refused = await send('harvest/updateHarvest', { ...harvest('2026-06-01', 12), id });
    expect(refused.code).toBe(Code.CONFLICT);
    expect(refused.data).toEqual([{ field: 'correctionReason', rule: 'invalid' }]);
    await post('harvest/updateHarvest', { ...harvest('2026-06-01', 12), id, correctionReason: '复秤后更正重量' });
    await post('harvest/removeHarvest', { id: [id] });
    const h = (await history('harvest/getHarvestHistory', id)).data;
    expect(h.map((r) => [r.revision, r.kind, r.reason])).toEqual([
      [3, 'removed', null],
      [2, 'corrected', '复秤后更正重量'],
      [1, 'made', null],
    ]);
    expect(h[1].changes).toEqual([{ field: 'quantity', before: 10, after: 12 }]);
    expect(h[2].data).toMatchObject({ harvestedOn: '2026-06-01', quantity: 10, unit: 'kg' });
  });

  it("answers no history of another merchant's park", async () => {
    const res = await history('harvest/getHarvestHistory', 1, env().ids.parks.orchard);
    expect(res.code).not.toBe(0);
  });
});

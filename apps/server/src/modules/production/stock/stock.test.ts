import type { ErrorDetail, FarmWork, Material, Paged, StockMove } from '@farmpark/contracts';
import { addDays, Code, dayIn } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/harness';
import { stockFixture } from './testFixture';

const P = '/api/merchant/production';

describeEachEngine('production stock', (env) => {
  const fx = stockFixture(env);
  let intruder: string;
  beforeAll(async () => {
    intruder = await env().login('demo2');
  });

  async function material(name: string, kind = 'pesticide') {
    const res = await env().post<{ id: number }>(`${P}/material/addMaterial`, fx.demo, {
      groupId: fx.park,
      kind,
      name,
      unit: 'L',
      spec: '100 mL',
      registrationNo: 'PD20080414',
      safetyDays: 7,
      lowStock: 1,
    });
    expect(res.code, res.msg).toBe(0);
    return res.data.id;
  }
  const stockOf = async (id: number) => {
    const row = await env()
      .db.selectFrom('production_materials')
      .select('stock')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.stock);
  };
  const moves = async (id: number) =>
    (await env().get<Paged<StockMove>>(`${P}/material/getStockMoveList`, fx.demo, { materialId: String(id) })).data;
  const work = (materials: { materialId: number; quantity: number }[], status = 'done') => ({
    groupId: fx.park,
    type: 'spraying',
    areaPointId: fx.plots[0],
    plannedOn: '2026-06-01',
    status,
    doneOn: status === 'done' ? '2026-06-01' : '',
    materials,
  });

  it('keeps the balance as the sum of the ledger: in, adjustment, farm work done', async () => {
    const id = await material('测试吡虫啉');
    expect(
      (
        await env().post(`${P}/material/addStockMove`, fx.demo, {
          kind: 'in',
          materialId: id,
          quantity: 10,
          batchNo: 'B1',
        })
      ).code,
    ).toBe(0);
    const adj = await env().post(`${P}/material/addStockMove`, fx.demo, {
      kind: 'adjust',
      materialId: id,
      quantity: -2.5,
      reason: '盘点',
    });
    expect(adj.code, adj.msg).toBe(0);
    const done = await env().post(`${P}/farmWork/addFarmWork`, fx.demo, work([{ materialId: id, quantity: 0.3 }]));
    expect(done.code, done.msg).toBe(0);
    expect(await stockOf(id)).toBe(7.2);
    const ledger = await moves(id);
    expect(ledger.list.map((m) => [m.kind, m.quantity, m.balance])).toEqual([
      ['out', -0.3, 7.2],
      ['adjust', -2.5, 7.5],
      ['in', 10, 10],
    ]);
    expect(ledger.list.reduce((s, m) => s + m.quantity, 0)).toBeCloseTo(7.2, 9);
    // an adjustment without a reason is refused on its field
    const noReason = await env().post(`${P}/material/addStockMove`, fx.demo, {
      kind: 'adjust',
      materialId: id,
      quantity: 1,
    });
    expect(noReason.code).toBe(Code.VALIDATION);
  });

  it('refuses farm work beyond stock, naming the material and what is left, and changes nothing', async () => {
    const id = await material('测试阿维菌素');
    await env().post(`${P}/material/addStockMove`, fx.demo, { kind: 'in', materialId: id, quantity: 2 });
    const other = await material('测试尿素', 'fertiliser');
    await env().post(`${P}/material/addStockMove`, fx.demo, { kind: 'in', materialId: other, quantity: 50 });
    const count = async () =>
      Number(
        (
          await env()
            .db.selectFrom('production_farm_work')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { works: await count(), moves: (await moves(id)).total, otherStock: await stockOf(other) };
    // the first line is fine and would be taken first: the refusal of the second must undo it
    const res = await env().post(
      `${P}/farmWork/addFarmWork`,
      fx.demo,
      work([
        { materialId: other, quantity: 5 },
        { materialId: id, quantity: 2.5 },
      ]),
    );
    expect(res.code).toBe(Code.CONFLICT);
    const detail = (res.data as ErrorDetail[])[0];
    expect(detail).toMatchObject({ field: 'materials.1.quantity', rule: 'outOfStock' });
    expect(detail.params).toMatchObject({ material: '测试阿维菌素', left: 2, unit: 'L', asked: 2.5 });
    expect(res.msg).toContain('测试阿维菌素');
    expect(await stockOf(id)).toBe(2);
    expect(await stockOf(other)).toBe(before.otherStock);
    expect(await count()).toBe(before.works);
    expect((await moves(id)).total).toBe(before.moves);

    // marking planned work done beyond stock: refused, it stays planned
    const planned = await env().post<{ id: number }>(
      `${P}/farmWork/addFarmWork`,
      fx.demo,
      work([{ materialId: id, quantity: 3 }], 'planned'),
    );
    expect(planned.code, planned.msg).toBe(0);
    const alter = await env().post(`${P}/farmWork/alterFarmWork`, fx.demo, {
      ...work([{ materialId: id, quantity: 3 }]),
      id: planned.data.id,
    });
    expect(alter.code).toBe(Code.CONFLICT);
    const row = await env()
      .db.selectFrom('production_farm_work')
      .select('status')
      .where('id', '=', planned.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('planned');
    expect(await stockOf(id)).toBe(2);
    // an adjustment below zero is refused the same way
    const adj = await env().post(`${P}/material/addStockMove`, fx.demo, {
      kind: 'adjust',
      materialId: id,
      quantity: -3,
      reason: 'x',
    });
    expect(adj.code).toBe(Code.CONFLICT);
  });

  it('returns the stock of removed done work with a ledger row, and keeps materials in use', async () => {
    const id = await material('测试苯醚甲环唑');
    await env().post(`${P}/material/addStockMove`, fx.demo, { kind: 'in', materialId: id, quantity: 4 });
    const w = await env().post<{ id: number }>(
      `${P}/farmWork/addFarmWork`,
      fx.demo,
      work([{ materialId: id, quantity: 1.5 }]),
    );
    expect(await stockOf(id)).toBe(2.5);
    const inUse = await env().post(`${P}/material/removeMaterial`, fx.demo, { id: [id] });
    expect(inUse.code).toBe(Code.CONFLICT);
    expect(await env().post(`${P}/farmWork/removeFarmWork`, fx.demo, { id: [w.data.id] })).toMatchObject({ code: 0 });
    expect(await stockOf(id)).toBe(4);
    expect((await moves(id)).list[0]).toMatchObject({
      kind: 'adjust',
      quantity: 1.5,
      balance: 4,
      reason: `farmWorkRemoved:${w.data.id}`,
    });
  });

  it('plans recurring work every N days until a day, and lists a month', async () => {
    const res = await env().post<{ ids: number[] }>(`${P}/farmWork/addFarmWork`, fx.demo, {
      ...work([], 'planned'),
      type: 'weeding',
      plannedOn: '2026-07-01',
      repeatEveryDays: 10,
      repeatUntil: '2026-07-31',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.ids).toHaveLength(4);
    const month = await env().get<FarmWork[]>(`${P}/farmWork/getFarmWorkMonth`, fx.demo, {
      groupId: String(fx.park),
      month: '2026-07',
    });
    const weeding = month.data.filter((w) => w.type === 'weeding').map((w) => w.plannedOn);
    expect(weeding).toEqual(['2026-07-31', '2026-07-21', '2026-07-11', '2026-07-01']);
    await env().post(`${P}/farmWork/removeFarmWork`, fx.demo, { id: res.data.ids });
  });

  it('keeps a supplier with deliveries on record', async () => {
    const id = await material('测试复合肥', 'fertiliser');
    const s = await env().post<{ id: number }>(`${P}/supplier/addSupplier`, fx.demo, {
      groupId: fx.park,
      name: '测试农资公司',
      phone: '0531-8888888',
      materialIds: [id],
    });
    expect(s.code, s.msg).toBe(0);
    await env().post(`${P}/material/addStockMove`, fx.demo, {
      kind: 'in',
      materialId: id,
      quantity: 5,
      supplierId: s.data.id,
    });
    const res = await env().post(`${P}/supplier/removeSupplier`, fx.demo, { id: [s.data.id] });
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.msg).toContain('测试农资公司');
  });

  it('shows nothing of a park to another merchant', async () => {
    const id = await material('测试隔离农药');
    for (const [url, q] of [
      [`${P}/material/getMaterialList`, { groupId: String(fx.park) }],
      [`${P}/material/getStockMoveList`, { materialId: String(id) }],
      [`${P}/farmWork/getFarmWorkList`, { groupId: String(fx.park) }],
      [`${P}/machinery/getMaintenanceDue`, { groupId: String(fx.park) }],
    ] as const)
      expect((await env().get(url, intruder, q)).code, url).toBe(Code.NOT_FOUND);
    for (const [url, body] of [
      [`${P}/material/addStockMove`, { kind: 'in', materialId: id, quantity: 1 }],
      [`${P}/material/removeMaterial`, { id: [id] }],
      [`${P}/farmWork/addFarmWork`, work([{ materialId: id, quantity: 1 }])],
    ] as const)
      expect((await env().post(url, intruder, body)).code, url).toBe(Code.NOT_FOUND);
    expect(await stockOf(id)).toBe(0);
    const list = await env().get<Paged<Material>>(`${P}/material/getMaterialList`, fx.demo, {
      groupId: String(fx.park),
      keyword: '测试隔离',
    });
    expect(list.data.list).toHaveLength(1);
  });
});

describeEachEngine('production stock demo', (env) => {
  it('seeds a season whose every balance is the sum of its ledger, with sprays and a machine due', async () => {
    const { db, ids } = env();
    const mats = await db
      .selectFrom('production_materials')
      .select(['id', 'stock', 'kind'])
      .where('group_id', '=', ids.parks.farm[0])
      .execute();
    expect(mats.length).toBeGreaterThanOrEqual(10);
    for (const m of mats) {
      const sum = await db
        .selectFrom('production_stock_moves')
        .select((eb) => eb.fn.sum<number>('quantity').as('s'))
        .where('material_id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(Number(m.stock)).toBeGreaterThanOrEqual(0);
      expect(Number(sum.s)).toBeCloseTo(Number(m.stock), 6);
    }
    const sprays = await db
      .selectFrom('production_farm_work')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', ids.parks.farm[0])
      .where('type', '=', 'spraying')
      .where('status', '=', 'done')
      .executeTakeFirstOrThrow();
    expect(Number(sprays.n)).toBeGreaterThan(3);
    const due = await db
      .selectFrom('production_machinery')
      .select('id')
      .where('group_id', '=', ids.parks.farm[0])
      .where('next_due_on', '<=', addDays(dayIn('Asia/Shanghai'), 7))
      .execute();
    expect(due.length).toBe(1);
  });
});

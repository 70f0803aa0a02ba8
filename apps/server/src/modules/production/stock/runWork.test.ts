import type { FarmWork, IrrigationRun, Paged } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { waitFor } from '../../../test/devices';
import { describeEachEngine } from '../../../test/harness';
import { API, irrigationFixture, pause, until } from '../../irrigation/testFixture';
import { runSeries } from './machineWork';

// The whole path: a fertigation run on a simulated machine, ended by the run supervisor, lands once as
// machine farm work on the plot its zones water, through the irrigation runtime's end-of-run hook.
describeEachEngine('irrigation runs become farm work', (env) => {
  const fx = irrigationFixture(env);

  it('records a run with fertiliser on its zones plot when it ends, once', async () => {
    const { db } = env();
    const plot = await db
      .selectFrom('area_points')
      .select(['id', 'merchant_id'])
      .where('group_id', '=', fx.park)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const zone = { merchant_id: plot.merchant_id, group_id: fx.park, device_id: fx.machines.wf.deviceId, name: '' };
    await db
      .insertInto('irrigation_zones')
      .values([
        { ...zone, zone_no: 1, area_point_id: plot.id },
        { ...zone, zone_no: 2, area_point_id: plot.id },
      ])
      .execute();
    const res = await env().post<IrrigationRun>(`${API}/startRun`, fx.demo, {
      deviceId: fx.machines.wf.deviceId,
      zones: [1, 2],
      durationMin: 30,
      recipe: { tanks: { tank1: 50 } },
    });
    expect(res.code, res.msg).toBe(0);
    const runId = res.data.runId;
    await until(env(), runId, ['running']);
    await waitFor(
      'fertiliser dosed',
      async () => {
        await pause();
        await env().rules.tick();
        const r = await db
          .selectFrom('irrigation_runs')
          .select('fertiliser')
          .where('id', '=', runId)
          .executeTakeFirstOrThrow();
        return (JSON.parse(r.fertiliser) as Record<string, number>).tank1 > 0;
      },
      10_000,
    );
    expect((await env().post(`${API}/stopRun`, fx.demo, { runId })).code).toBe(0);
    const ended = await until(env(), runId, ['stopped', 'failed'], 45_000);
    expect(ended.state).toBe('stopped');
    // a later tick (or another process) does not record it again
    await env().rules.tick();
    const list = await env().get<Paged<FarmWork>>('/api/merchant/production/farmWork/getFarmWorkList', fx.demo, {
      groupId: String(fx.park),
      type: 'irrigation',
      pageSize: '100',
    });
    const mine = list.data.list.filter((w) => w.seriesId === runSeries(runId));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ areaPointId: plot.id, source: 'machine', status: 'done', irrigationRunId: runId });
    expect(mine[0].waterM3).toBeCloseTo(ended.waterM3 ?? 0, 3);
    expect(mine[0].fertiliser[0]).toMatchObject({ tank: 'tank1' });
    expect(mine[0].fertiliser[0].litres).toBeGreaterThan(0);
  }, 90_000);
});

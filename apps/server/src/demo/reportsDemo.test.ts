import { ALL_PERMIT_URLS, addDays, dayIn, type Paged, type ReportListItem } from '@farmpark/contracts';
import { expect, it } from 'vitest';
import { pestStages } from '../modules/agronomy/service';
import { describeEachEngine } from '../test/harness';
import { backfillDemoHistory } from './backfill';
import { ensureDemoDeviceSecrets } from './devices';
import { backfillDemoPests } from './pestsBackfill';
import { DEMO_MOTH, seedDemoReports } from './reportsDemo';

/**
 * Issue 27, point 6: the demo's 90 days of trap photos and station heat give the codling moth a biofix (two
 * catches in a row) and carry it past a stage within the 90 days; last week's report is built and waits for
 * the duty contact's e-mail. The demo's history is made here for the station and the trap only.
 */
describeEachEngine('demo codling moth season and weekly report', (env) => {
  it('crosses a stage within the 90 days and has last week’s report to send, once', async () => {
    const { db, config, ids } = env();
    const now = Date.UTC(2026, 9, 5, 2, 0);
    const entries = (await ensureDemoDeviceSecrets(db, config.dataDir)).filter((e) =>
      ['DF-WS-0001', DEMO_MOTH.trap].includes(e.serial),
    );
    await backfillDemoHistory({ config, db }, entries, { days: 95, rawDays: 2, recentDays: 1, now });
    await backfillDemoPests({ db, dataDir: config.dataDir }, entries, { days: 90, now });

    const first = await seedDemoReports({ db, config }, now);
    expect(first.moths).toBeGreaterThan(0);
    expect(first.reportId).not.toBeNull();

    const park = ids.parks.farm[0];
    const moth = await db
      .selectFrom('pest_categories')
      .select('id')
      .where('merchant_id', '=', ids.merchant.farm)
      .where('code', '=', DEMO_MOTH.code)
      .executeTakeFirstOrThrow();
    const who = { merchantId: ids.merchant.farm, groupIds: [park], grants: new Set(ALL_PERMIT_URLS) };
    const s = await pestStages(db, who as never, { groupId: park, categoryId: moth.id }, config.tzName, now);
    const from = dayIn(config.tzName, now - 90 * 86_400_000);
    expect(s.biofix?.source).toBe('traps');
    expect(s.biofix!.date >= from).toBe(true);
    const reached = s.stages.filter((x) => x.reachedOn !== null);
    expect(reached.length).toBeGreaterThan(0);
    expect(
      reached.every((x) => (x.reachedOn as string) > (s.biofix?.date as string) && (x.reachedOn as string) <= s.asOf),
    ).toBe(true);

    const demo = await env().login('demo');
    const list = await env().get<Paged<ReportListItem>>('/api/merchant/reports/getReportList', demo, {
      groupId: String(park),
    });
    expect(list.data.total).toBe(1);
    const report = list.data.list[0];
    expect(report.frequency).toBe('weekly');
    expect(report.to < dayIn(config.tzName, now)).toBe(true);
    expect(report.from).toBe(addDays(report.to, -6));
    expect(report.deliveries.map((d) => [d.contactName, d.target, d.state])).toEqual([
      ['值班员 王工', 'duty@farmpark.local', 'pending'],
    ]);
    expect(report.summary.stages.find((x) => x.name === DEMO_MOTH.name)?.reached).not.toBeNull();

    expect(await seedDemoReports({ db, config }, now)).toEqual({ moths: 0, reportId: null });
  });
});

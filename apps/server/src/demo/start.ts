import { SimClock } from '@farmpark/simulator';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { backfillDemoHistory } from './backfill';
import { seedCategoryPictures } from './categoryPictures';
import { seedDemoClips } from './clips';
import { replayDeficitDemo } from './deficitDemo';
import { type DemoDeviceEntry, ensureDemoDeviceSecrets } from './devices';
import { startDemoFleet } from './fleet';
import { startIrrigationDemo } from './irrigation';
import { backfillDemoPests } from './pestsBackfill';
import { seedDemoReports } from './reportsDemo';
import { seedDemo } from './seed';
import { backfillSeedlingPictures } from './seedlingPictures';
import { startSimControl } from './simControl';

type Log = { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };

/** Where demo devices connect: the embedded broker, or the external one (without the server's own credentials). */
export function demoBrokerUrl(config: Config): string {
  if (!config.mqttUrl) return `mqtt://127.0.0.1:${config.mqttPort}`;
  const u = new URL(config.mqttUrl);
  u.username = '';
  u.password = '';
  return u.toString();
}

/** The demo's rows and clips on a database that has none (a later start finds them and seeds nothing). */
export async function seedDemoOnce(db: Db, dataDir: string, log: Log): Promise<void> {
  const { seeded } = await seedDemo(db);
  log.info({}, seeded ? 'demo data seeded' : 'demo data present (database not empty), not seeded');
  // real clips take ffmpeg a few seconds, so only a fresh demo server makes them (not each test database)
  if (seeded) await seedDemoClips(db, dataDir, log);
}

/**
 * The demo's past on its first start: 400 days of history, the trap photos, four weeks of seedling camera
 * pictures, the category pictures, the codling moth season and last week's park report (later starts find
 * them and do nothing). Progress and failures go to the log; it never throws.
 */
export async function fillDemoPast(
  deps: { config: Config; db: Db; log: Log },
  entries: DemoDeviceEntry[],
): Promise<void> {
  const { db, config, log } = deps;
  /** One part of the past: its outcome goes to the log, and a failed part does not stop the next. */
  const step = async <T>(run: () => Promise<T>, said: (r: T) => [object, string], failed: string) => {
    try {
      log.info(...said(await run()));
    } catch (err) {
      log.error({ err: (err as Error).message }, failed);
    }
  };
  await step(
    () => backfillDemoHistory(deps, entries, { log }),
    (r) => [{ ...r }, r.devices ? 'demo history filled' : 'demo history present'],
    'demo history backfill failed',
  );
  // the deficit rule's past is judged on the station's history, so it comes after it
  await step(
    () => replayDeficitDemo(db, config.tzName, Date.now()),
    (r) => [{ ...r }, 'demo deficit rule history'],
    'demo deficit rule history failed',
  );
  await step(
    () => backfillDemoPests({ db, dataDir: config.dataDir }, entries, { log }),
    (r) => [{ ...r }, r.traps ? 'demo trap photos filled' : 'demo trap photos present'],
    'demo trap photo backfill failed',
  );
  await step(
    () => backfillSeedlingPictures({ db, dataDir: config.dataDir, tzName: config.tzName }),
    (r) => [{ ...r }, r.pictures ? 'demo seedling pictures filled' : 'demo seedling pictures present'],
    'demo seedling picture backfill failed',
  );
  await step(
    () => seedCategoryPictures({ db, dataDir: config.dataDir }),
    (n) => [{ pictures: n }, 'demo category pictures'],
    'demo category pictures failed',
  );
  await step(
    () => seedDemoReports(deps),
    (r) => [{ ...r }, 'demo codling moth season and weekly report'],
    'demo reports failed',
  );
}

/**
 * DEMO mode, once the server listens: the simulated devices connect, and on the first start the
 * history is filled in the background (the console serves meanwhile; progress goes to the log).
 */
export async function startDemo(deps: { config: Config; db: Db; log: Log }): Promise<{ stop(): Promise<void> }> {
  const entries = await ensureDemoDeviceSecrets(deps.db, deps.config.dataDir);
  const clock = new SimClock();
  const fleet = await startDemoFleet(entries, {
    simNow: clock.now,
    brokerUrl: demoBrokerUrl(deps.config),
    // Traps upload their photos to this server itself.
    httpUrl: `http://127.0.0.1:${deps.config.port}`,
    log: deps.log,
  });
  startIrrigationDemo(fleet);
  const control = deps.config.simControlPort
    ? await startSimControl(deps.config.simControlPort, clock, () => fleet.publishAll())
    : null;
  const backfill = fillDemoPast(deps, entries);
  return {
    async stop() {
      control?.close();
      await fleet.stop();
      await backfill;
    },
  };
}

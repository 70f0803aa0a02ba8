import { SimClock } from '@farmpark/simulator';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { backfillDemoHistory } from './backfill';
import { seedCategoryPictures } from './categoryPictures';
import { seedDemoClips } from './clips';
import { type DemoDeviceEntry, ensureDemoDeviceSecrets } from './devices';
import { startDemoFleet } from './fleet';
import { startIrrigationDemo } from './irrigation';
import { backfillDemoPests } from './pestsBackfill';
import { seedDemoReports } from './reportsDemo';
import { seedDemo } from './seed';
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
 * The demo's past on its first start: 400 days of history, the trap photos, the category pictures, the codling
 * moth season and last week's park report (later
 * starts find them and do nothing). Progress and failures go to the log; it never throws.
 */
export function fillDemoPast(deps: { config: Config; db: Db; log: Log }, entries: DemoDeviceEntry[]): Promise<void> {
  return backfillDemoHistory(deps, entries, { log: deps.log })
    .then(
      (r) => deps.log.info({ ...r }, r.devices ? 'demo history filled' : 'demo history present'),
      (err: Error) => deps.log.error({ err: err.message }, 'demo history backfill failed'),
    )
    .then(() => backfillDemoPests({ db: deps.db, dataDir: deps.config.dataDir }, entries, { log: deps.log }))
    .then(
      (r) => deps.log.info({ ...r }, r.traps ? 'demo trap photos filled' : 'demo trap photos present'),
      (err: Error) => deps.log.error({ err: err.message }, 'demo trap photo backfill failed'),
    )
    .then(() => seedCategoryPictures({ db: deps.db, dataDir: deps.config.dataDir }))
    .then(
      (n) => deps.log.info({ pictures: n }, 'demo category pictures'),
      (err: Error) => deps.log.error({ err: err.message }, 'demo category pictures failed'),
    )
    .then(() => seedDemoReports(deps))
    .then(
      (r) => deps.log.info({ ...r }, 'demo codling moth season and weekly report'),
      (err: Error) => deps.log.error({ err: err.message }, 'demo reports failed'),
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

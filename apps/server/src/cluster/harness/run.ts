import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../db/connect';
import { startReceiver } from '../../modules/alarms/testReceivers';
import { prepareData } from '../../test/prepareData';
import { openConsole } from './console';
import { startNumberedLoad } from './load';
import { programOutcome, startProgramMachine } from './program';
import { backupAndRestore } from './restore';
import { api, login, makeSlots, startSlot } from './servers';

/**
 * The cluster harness (`npm run test:cluster`; scripts/cluster/run.mjs starts PostgreSQL and Mosquitto and
 * passes their URLs). Three server processes on one PostgreSQL behind one Mosquitto; numbered QoS 1
 * readings from 22 devices, a simulated irrigation machine with a program; the owner of the rule work is killed
 * with SIGKILL in the middle and started again. Then: no acknowledged reading lost, none stored twice, each
 * alarm raised once and delivered once, the program slot claimed once with one run and its command answered,
 * the console on a surviving process kept receiving; then a pg_dump of the running install restored into a fresh
 * database answers the same through a new process. Prints one JSON line; exit 1 on any failure.
 */
const LOAD_MS = 25_000;
const KILL_AT_MS = 8_000;
/** Device B turns hot after the kill: its alarm is raised by whichever process took the rule work over. */
const B_HOT_AT_MS = 14_000;
const log = (s: string) => process.stderr.write(`[cluster] ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | null>): Promise<T | null> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null || Date.now() > end) {
      if (v === null) log(`gave up waiting for ${what}`);
      return v;
    }
    await sleep(500);
  }
}

async function main() {
  const adminUrl = process.env.CLUSTER_DATABASE_URL;
  const mqttUrl = process.env.CLUSTER_MQTT_URL;
  if (!adminUrl || !mqttUrl) throw new Error('CLUSTER_DATABASE_URL and CLUSTER_MQTT_URL are required');
  const name = `farmpark_cluster_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();

  const data = await prepareData(22, 'weatherStation', 'CLUSTER', { DATABASE_URL: databaseUrl });
  const [hotA, hotB] = data.devices;
  const db = connectDatabase({ engine: 'postgres', url: databaseUrl });
  const hook = await startReceiver();
  const slots = await makeSlots(3, { DATABASE_URL: databaseUrl, MQTT_URL: mqttUrl, LOG_LEVEL: 'warn' });
  let stopMachine = async () => {};
  const cleanup = async () => {
    await stopMachine().catch(() => {});
    for (const s of slots) await s.server?.stop().catch(() => {});
    await hook.close();
    await db.destroy();
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
    data.remove();
  };
  try {
    await Promise.all(slots.map(startSlot)); // the schema is migrated already: they may start together
    log(`3 processes up on ports ${slots.map((s) => s.port).join(', ')}`);
    const token = await login(slots[0].port);
    // The process to kill: the owner of the rule work (its pid is in the lease's holder name).
    const holderOf = async () =>
      (
        await sql<{
          holder: string;
        }>`select holder from cluster_leases where name = 'rules' and expires_at > ${Date.now()}`.execute(db)
      ).rows[0]?.holder ?? null;
    const ownerBefore = await waitFor('a rules owner', 20_000, holderOf);
    const victim = slots.find((s) => ownerBefore?.split(':')[1] === String(s.server?.proc.pid)) ?? slots[0];
    const observer = slots[(slots.indexOf(victim) + 1) % slots.length];
    // Rules are added through a process that does not own the rule work: the owner must pick them up.
    const a = api(observer.port, token);
    const contact = await a.post<{ id: number }>('/api/merchant/alarm/addAlarmContact', {
      name: '集群值班',
      webhookUrl: hook.url('/cluster'),
      webhookType: 'plain',
      groupIds: [data.groupId],
    });
    const rule = (deviceId: number, ruleName: string) =>
      a.post<{ id: number }>('/api/merchant/alarm/addAlarmRule', {
        groupId: data.groupId,
        name: ruleName,
        deviceId,
        condition: { kind: 'threshold', key: 'airTemp', op: 'above', value: 40 },
        severity: 'critical',
        contactIds: [contact.id],
        channels: ['webhook'],
      });
    const ruleA = await rule(hotA.id, '集群高温A');
    const ruleB = await rule(hotB.id, '集群高温B');

    const machine = await startProgramMachine({
      db,
      a,
      merchantId: data.merchantId,
      groupId: data.groupId,
      brokerUrl: mqttUrl,
      leadMs: 12_000,
    });
    stopMachine = () => machine.device.stop();
    const consoleSession = await openConsole(observer.port, token, data.merchantId, data.groupId);
    log(`rules owner ${ownerBefore} (${victim.name}); console on ${observer.name}`);

    const mqtt = new URL(mqttUrl);
    const start = Date.now();
    const load = await startNumberedLoad({
      devices: data.devices,
      host: mqtt.hostname,
      port: Number(mqtt.port),
      intervalMs: 200,
      firstTs: start - 60_000,
      stepMs: 100,
      values: (serial, n): Record<string, number> => {
        if (serial === hotA.serial) return { airTemp: 45 };
        if (serial === hotB.serial) return { airTemp: Date.now() - start > B_HOT_AT_MS ? 45 : 20 };
        return { airTemp: 15 + (n % 10), airHumidity: 60 };
      },
    });
    await sleep(KILL_AT_MS);
    const killedAt = Date.now();
    await victim.server?.kill();
    log(`killed ${victim.name} (SIGKILL); starting it again`);
    const restarted = startSlot(victim).then(() => log(`${victim.name} back after ${Date.now() - killedAt} ms`));
    await sleep(Math.max(0, LOAD_MS - (Date.now() - start)));
    await restarted;
    await load.stop();
    const ackedTotal = [...load.acked.values()].reduce((n, l) => n + l.length, 0);
    log(`load done: sent ${load.sent}, acknowledged ${ackedTotal}, failed ${load.failed}`);

    const ids = data.devices.map((d) => d.id);
    const stored = () =>
      db
        .selectFrom('telemetry')
        .select(['device_id', 'ts'])
        .where('key', '=', 'airTemp')
        .where('device_id', 'in', ids)
        .execute();
    await waitFor('every acknowledged reading stored', 60_000, async () =>
      (await stored()).length >= ackedTotal ? true : null,
    );
    const have = new Set((await stored()).map((r) => `${r.device_id}:${r.ts}`));
    let lost = 0;
    for (const d of data.devices)
      for (const ts of load.acked.get(d.serial) ?? []) if (!have.has(`${d.id}:${ts}`)) lost++;
    const dup = await sql<{ n: number }>`select count(*) as n from (select device_id, key, ts from telemetry
      where device_id in (${sql.join(ids)}) group by device_id, key, ts having count(*) > 1) d`.execute(db);
    const duplicates = Number(dup.rows[0]?.n ?? 0);

    const alarmsOf = async () =>
      db.selectFrom('alarms').select(['id', 'rule_id']).where('rule_id', 'in', [ruleA.id, ruleB.id]).execute();
    const sentOf = async () =>
      db
        .selectFrom('alarm_deliveries')
        .select(['alarm_id', 'state'])
        .where('channel', '=', 'webhook')
        .where('alarm_id', 'in', (await alarmsOf()).map((x) => x.id).concat([0]))
        .execute();
    await waitFor('both alarms delivered', 40_000, async () =>
      (await sentOf()).filter((x) => x.state === 'sent').length >= 2 && hook.posts.length >= 2 ? true : null,
    );
    // The restore test runs while the program's slot comes (it reads readings and rules, which the slot leaves).
    const restoring = backupAndRestore({
      pgBin: process.env.CLUSTER_PG_BIN ?? '/usr/lib/postgresql/15/bin',
      databaseUrl,
      livePort: observer.port,
      deviceId: hotA.id,
      groupId: data.groupId,
      log,
    });
    // The program's slot (set to fall after the kill, on whichever process owns the rule work by then)
    await waitFor('the program slot and its run', 90_000, async () => {
      const o = await programOutcome(db, machine);
      const done = o.runs.length > 0 && o.runs.every((r) => !['starting', 'running', 'stopping'].includes(r.state));
      return Date.now() > machine.slotAt + 10_000 && done ? true : null;
    });
    await sleep(3_000); // a second raise, delivery or slot claim would show up by now
    const program = await programOutcome(db, machine);
    const alarms = await alarmsOf();
    const deliveries = await sentOf();
    const ownerAfter = await holderOf();
    const afterKill = consoleSession.received.filter((r) => r.at > killedAt);
    const lastReceived = Math.max(0, ...consoleSession.received.map((r) => r.at));
    await consoleSession.close();

    const result = {
      sent: load.sent,
      acknowledged: ackedTotal,
      lost,
      duplicates,
      alarmsRaised: {
        A: alarms.filter((x) => x.rule_id === ruleA.id).length,
        B: alarms.filter((x) => x.rule_id === ruleB.id).length,
      },
      webhookDeliveriesSent: deliveries.filter((x) => x.state === 'sent').length,
      webhookPostsReceived: hook.posts.length,
      program: {
        slots: program.slots.map((x) => x.outcome),
        runs: program.runs.map((r) => r.state),
        commands: program.commands.map((c) => c.state),
      },
      rulesOwner: { before: ownerBefore, after: ownerAfter },
      console: {
        readingsAfterKill: afterKill.length,
        devicesAfterKill: new Set(afterKill.map((r) => r.deviceId)).size,
        msSinceLast: Date.now() - lastReceived,
      },
      p99AckMs: Math.round(load.latencies.sort((x, y) => x - y)[Math.floor(load.latencies.length * 0.99)] ?? 0),
    };
    const restore = await restoring;
    const failures = [
      !restore.same && 'the restored database must answer as the live one',
      lost !== 0 && `${lost} acknowledged readings lost`,
      duplicates !== 0 && `${duplicates} readings stored twice`,
      ackedTotal === 0 && 'nothing acknowledged',
      (result.alarmsRaised.A !== 1 || result.alarmsRaised.B !== 1) && 'each alarm must be raised exactly once',
      result.webhookDeliveriesSent !== 2 && 'each alarm must be delivered exactly once',
      result.webhookPostsReceived !== 2 && 'the webhook receiver must get exactly two posts',
      result.console.devicesAfterKill < data.devices.length && 'the console must keep receiving every device',
      ownerAfter === ownerBefore && 'the rule work must have moved to another process',
      (program.slots.length !== 1 || program.slots[0].outcome !== 'started') && 'the program slot must be claimed once',
      program.runs.length !== 1 && 'the program slot must start exactly one run',
      (program.commands.length === 0 || program.commands.some((c) => c.state !== 'succeeded')) &&
        "every command to the machine must have its device's answer",
    ].filter(Boolean);
    if (failures.length) for (const s of slots) log(`${s.name} output:\n${s.server?.output().slice(-3000)}`);
    process.stdout.write(
      `${JSON.stringify({ ...result, restoredAnswersSame: restore.same, ok: failures.length === 0, failures })}\n`,
    );
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  process.stderr.write(`cluster harness failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

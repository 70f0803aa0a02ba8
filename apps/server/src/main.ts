import pino from 'pino';
import { buildApp } from './app';
import { rulesReadBroker, startCluster } from './cluster/runtime';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo/data';
import { demoLightCloud } from './demo/lightCloud';
import { seedDemoOnce, startDemo } from './demo/start';
import { startDemoVideo } from './demo/videoCameras';
import { startDeviceJobs } from './jobs/deviceJobs';
import { startFileJobs } from './jobs/fileJobs';
import { startRuleJobs } from './jobs/ruleJobs';
import { createDeviceRegistry } from './modules/devices/registry';
import { startTelemetry } from './modules/telemetry/runtime';
import { createDeviceMessageBus } from './mqtt/deviceMessages';
import { createMessaging } from './mqtt/messaging';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });

  const db = connectDatabase(config.database);
  const applied = await migrateToLatest(db);
  log.info({ engine: config.database.engine, applied }, 'database ready');
  if (config.demo) await seedDemoOnce(db, config.dataDir, log);

  const bus = createDeviceMessageBus({
    onError: (msg, err) =>
      log.debug({ serial: msg.serial, channel: msg.channel, err: (err as Error).message }, 'device message refused'),
  });
  const registry = createDeviceRegistry(db);
  const messaging = await createMessaging({ config, db, log, bus });
  const { broker, publish } = messaging;
  const telemetry = await startTelemetry({ config, db, bus, registry, publish, log });
  if (messaging.external) await messaging.external.ready;
  else await broker.listenTcp(config.mqttPort, config.host);
  const lightCloud = await demoLightCloud(config);
  const video = await startDemoVideo(lightCloud.config, db, log);
  const { app, devices, rules, alarms, pictures, recorder } = await buildApp({
    config: video.config,
    db,
    broker,
    publish,
    telemetry,
    registry,
    bus,
    rulesReadBroker: rulesReadBroker(config),
  });
  await app.listen({ port: config.port, host: config.host });
  const cluster = await startCluster({ config, db, messaging, rules, log });
  const { ownership } = cluster;
  const stopDeviceJobs = startDeviceJobs(devices, log, undefined, () => ownership.owns('devices'));
  // camera pictures on their schedule: one process takes each slot's picture
  pictures.start(() => ownership.owns('devices'));
  // cameras set to record around the clock: one process records each
  recorder.start(() => ownership.owns('devices'));
  const demo = config.demo ? await startDemo({ config, db, log }) : null;
  const stopRuleJobs = startRuleJobs(cluster.rules, alarms, log, undefined, () => ownership.owns('rules'));
  const stopFileJobs = startFileJobs(db, config.dataDir, log, undefined, () => ownership.owns('devices'));

  const url = `http://127.0.0.1:${config.port}`;
  const lines = [
    '',
    `FarmPark console: ${url}`,
    `API docs:         ${url}/api/docs`,
    `MQTT:             ${config.mqttUrl ? `${new URL(config.mqttUrl).host} (external, devices)` : `tcp://127.0.0.1:${config.mqttPort} (devices)`}, ws://127.0.0.1:${config.port}/mqtt (browsers)`,
    `Database:         ${config.database.engine === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)'}`,
    `Video ffmpeg:     ${config.video.ffmpegInUse}`,
  ];
  if (config.demo) {
    lines.push(`Demo logins (password for all: ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS) lines.push(`  ${l.loginName.padEnd(10)} ${l.note}`);
    lines.push(video.status);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await demo?.stop();
    await stopDeviceJobs();
    await stopRuleJobs();
    await stopFileJobs();
    await cluster.close();
    await app.close();
    await lightCloud.close();
    await video.close();
    await messaging.close();
    await telemetry.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`FarmPark server failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

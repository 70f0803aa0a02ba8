// `npm run test:cluster`: the cluster harness (apps/server/src/cluster/harness/run.ts) on PostgreSQL and
// Mosquitto. Uses TEST_DATABASE_URL when `npm test` provides it (the harness makes its own database there),
// else starts a PostgreSQL. Always starts its own Mosquitto: the server processes keep persistent sessions
// in the shared group `farmpark`, and a session left on a reused broker keeps taking its share of messages.
import { spawnSync } from 'node:child_process';
import { MOSQUITTO_CLUSTER_CONF, postgresBinDir, startMosquitto, startPostgres } from '../lib/services.mjs';
import { ROOT } from '../lib/util.mjs';

const stops = [];
let databaseUrl = process.env.TEST_DATABASE_URL;
let mqttUrl = '';
try {
  if (!databaseUrl) {
    const pg = await startPostgres();
    stops.push(pg.stop);
    databaseUrl = pg.url;
  }
  if (!mqttUrl) {
    const mq = await startMosquitto(MOSQUITTO_CLUSTER_CONF);
    stops.push(mq.stop);
    mqttUrl = mq.url;
  }
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cluster/harness/run.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      CLUSTER_DATABASE_URL: databaseUrl,
      CLUSTER_MQTT_URL: mqttUrl,
      CLUSTER_PG_BIN: postgresBinDir() ?? '',
    },
  });
  process.exitCode = r.status ?? 1;
} finally {
  for (const stop of stops.reverse()) stop();
}

import { parseWebChannel } from '@farmpark/contracts';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { maintainTelemetryPartitions } from '../modules/telemetry/partitionsRepo';
import type { Messaging } from '../mqtt/messaging';
import type { RuleEngine } from '../rules/engine';
import { rulesSignature } from '../rules/repo';
import { createOwnership, type Ownership } from './ownership';

export interface Cluster {
  ownership: Ownership;
  /** The rule job's engine: reloads rules another process changed before it evaluates (owner only). */
  rules: Pick<RuleEngine, 'tick'>;
  close(): Promise<void>;
}

/** How often the `retention` owner checks the telemetry partitions (creating ahead, dropping expired). */
export const PARTITION_JOB_MS = 10 * 60_000;

const TELEMETRY_TOPIC = /^web\/\d+\/\d+\/telemetry$/;

/**
 * Several processes on PostgreSQL behind an external broker: the rule owner evaluates the readings that come
 * back on `web/{m}/{g}/telemetry` (every process'), so no process feeds its own ingest to its rule engine
 * (buildApp's `rulesReadBroker`), not even in the moments before it learns whether it owns the rules.
 */
export const rulesReadBroker = (config: Pick<Config, 'database' | 'mqttUrl'>) =>
  config.database.engine === 'postgres' && config.mqttUrl !== '';

/**
 * Wires one process into the set (docs/OPERATIONS.md, "Ownership"). On SQLite there is one process: it
 * owns everything and nothing changes. On PostgreSQL the jobs run only in the owner of their lease; with
 * an external broker the rule owner evaluates the readings every process ingests, as they come back on
 * `web/{m}/{g}/telemetry`, instead of only its own.
 */
export async function startCluster(deps: {
  config: Pick<Config, 'database' | 'mqttUrl' | 'telemetryRetentionDays'>;
  db: Db;
  messaging: Pick<Messaging, 'onWeb' | 'external'>;
  rules: Pick<RuleEngine, 'tick' | 'refresh' | 'onCommitted'>;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): Promise<Cluster> {
  const { db, rules } = deps;
  const shared = deps.config.database.engine === 'postgres';
  let signature = '';
  let partitions: Promise<void> | null = null;
  const maintainPartitions = () => {
    if (!shared || partitions || !ownership.owns('retention')) return;
    partitions = maintainTelemetryPartitions(db, { retentionDays: deps.config.telemetryRetentionDays, now: Date.now() })
      .then((r) => {
        if (r && (r.created.length || r.dropped.length)) deps.log?.info({ ...r }, 'telemetry partitions maintained');
      })
      .catch((err: Error) => deps.log?.warn({ err: err.message }, 'telemetry partition maintenance failed'))
      .finally(() => {
        partitions = null;
      });
  };
  const ownership = createOwnership({
    db,
    shared,
    log: deps.log,
    async onGain(name) {
      if (name === 'retention') setImmediate(maintainPartitions); // once it is ours: right after gaining
      if (name !== 'rules') return;
      // The previous owner moved rule states on; take them from the database, not from this process' memory.
      signature = await rulesSignature(db);
      await rules.refresh();
    },
  });

  if (rulesReadBroker(deps.config)) {
    deps.messaging.onWeb((topic, payload) => {
      if (!TELEMETRY_TOPIC.test(topic) || !ownership.owns('rules')) return;
      let message: ReturnType<typeof parseWebChannel<'telemetry'>>;
      try {
        message = parseWebChannel('telemetry', JSON.parse(payload.toString('utf8')));
      } catch {
        return;
      }
      if (message) rules.onCommitted({ deviceIds: [], readings: message.readings });
    });
  }
  await ownership.renew();
  const partitionTimer = setInterval(maintainPartitions, PARTITION_JOB_MS);
  partitionTimer.unref();

  return {
    ownership,
    rules: {
      async tick() {
        if (shared) {
          const now = await rulesSignature(db);
          if (now !== signature) {
            signature = now;
            await rules.refresh();
          }
        }
        await rules.tick();
      },
    },
    async close() {
      clearInterval(partitionTimer);
      await partitions;
      await ownership.close();
    },
  };
}

import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { DeviceMessageBus } from '../../mqtt/deviceMessages';
import type { Publish } from '../../mqtt/publish';
import type { DeviceRegistry } from '../devices/registry';
import { createIngest, type Ingest, type IngestDeps } from './ingest';
import { createPgStore } from './pgStoreRepo';
import { createSqliteStore } from './sqliteStore';
import type { TelemetryStore } from './store';

export async function createTelemetryStore(config: Config, db: Db): Promise<TelemetryStore> {
  return config.database.engine === 'sqlite'
    ? createSqliteStore(config.database.file, config.tzName, config.telemetrySync)
    : createPgStore(db, config.tzName);
}

export interface TelemetryRuntime {
  ingest: Ingest;
  /** Commits what waits, then stops the writer. */
  close(): Promise<void>;
}

/** Starts the ingest and registers it for the bus' `telemetry` channel. */
export async function startTelemetry(deps: {
  config: Config;
  db: Db;
  bus: DeviceMessageBus;
  registry: Pick<DeviceRegistry, 'bySerial'>;
  publish: Publish;
  log?: IngestDeps['log'];
}): Promise<TelemetryRuntime> {
  const store = await createTelemetryStore(deps.config, deps.db);
  const ingest = createIngest({ store, registry: deps.registry, publish: deps.publish, log: deps.log });
  deps.bus.on('telemetry', ingest.handle);
  return {
    ingest,
    async close() {
      await ingest.drain();
      await store.close();
      const s = ingest.stats;
      const cpu = process.cpuUsage();
      deps.log?.info(
        {
          ...s,
          // the whole process (every thread), for benchmarks that compare CPU per message
          cpuMs: Math.round((cpu.user + cpu.system) / 1000),
          rowsPerBatch: s.batches ? Math.round(s.rows / s.batches) : 0,
          avgCommitMs: s.batches ? Math.round((s.commitMsTotal / s.batches) * 10) / 10 : 0,
        },
        'telemetry ingest totals',
      );
    },
  };
}

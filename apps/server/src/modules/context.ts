import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Publish } from '../mqtt/publish';
import type { TelemetryRuntime } from './telemetry/runtime';

/** What route modules receive from buildApp. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  publish: Publish;
  /** The running ingest (its `events` emit `committed`); null when the app runs without one. */
  telemetry: TelemetryRuntime | null;
}

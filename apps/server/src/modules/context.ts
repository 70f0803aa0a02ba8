import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Publish } from '../mqtt/publish';
import type { RuleEngine } from '../rules/engine';
import type { CommandService } from './commands/service';
import type { DeviceRegistry } from './devices/registry';
import type { DeviceSessions } from './devices/service';
import type { TelemetryRuntime } from './telemetry/runtime';

/** What route modules receive from buildApp. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  publish: Publish;
  /** The running ingest (its `events` emit `committed`); null when the app runs without one. */
  telemetry: TelemetryRuntime | null;
  /** Device identities (cached); invalidated by every device change. */
  devices: DeviceRegistry;
  /** Ends a device's MQTT connection (embedded broker). */
  deviceSessions: DeviceSessions;
  /** The one command service. */
  commands: CommandService;
  /** The one rule evaluator: owners register a handler for their kind and call `refresh` after rule changes. */
  rules: RuleEngine;
}

import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Publish } from '../../mqtt/publish';
import type { RuleEngine } from '../../rules/engine';
import { type Channels, createChannels } from './channels';
import { createAlarmLifecycle } from './lifecycle';
import { createOutbox } from './outbox';

export interface AlarmsDeps {
  db: Db;
  publish: Publish;
  config: Pick<Config, 'smtp' | 'smsGatewayUrl' | 'tzName' | 'publicBaseUrl'>;
  rules: RuleEngine;
  log?: { warn(obj: object, msg: string): void };
  now?: () => number;
  retryBaseMs?: number;
  channels?: Channels;
}

/** Alarms: the handler of `alarm` rules, repeats until acknowledged, and the delivery outbox. */
export function createAlarms(deps: AlarmsDeps) {
  const lifecycle = createAlarmLifecycle({
    db: deps.db,
    publish: deps.publish,
    tz: deps.config.tzName,
    log: deps.log,
    now: deps.now,
  });
  deps.rules.register('alarm', lifecycle.handler);
  const channels = deps.channels ?? createChannels(deps.config, deps.now);
  const outbox = createOutbox({
    db: deps.db,
    channels,
    log: deps.log,
    now: deps.now,
    retryBaseMs: deps.retryBaseMs,
    publicBaseUrl: deps.config.publicBaseUrl,
  });
  return {
    lifecycle,
    outbox,
    /** The delivery channels, which the park reports' outbox sends through too. */
    channels,
    /** Repeats due notifications, then sends what the outbox holds. */
    async tick(): Promise<void> {
      await lifecycle.repeatDue();
      await outbox.process();
    },
    close: () => channels.close(),
  };
}

export type Alarms = ReturnType<typeof createAlarms>;

import type { Db } from '../../db/connect';
import type { Publish } from '../../mqtt/publish';
import type { RuleEngine } from '../../rules/engine';
import type { CommandService } from '../commands/service';
import { recordRunAsFarmWork } from '../production/stock/machineWork';
import { createProgramService } from './programs';
import { createRunService } from './runs';
import { createSmartIrrigation, type SmartIrrigation } from './smart';

export interface IrrigationDeps {
  db: Db;
  commands: Pick<CommandService, 'send'>;
  publish?: Publish;
  rules: Pick<RuleEngine, 'register' | 'refresh' | 'resetRule' | 'onTick'>;
  tz: string;
  now?: () => number;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/**
 * Runs, programs and smart irrigation, wired together. Their periodic work (supervising runs,
 * program slots) rides on the rule job's tick, so it works from the database and survives restarts.
 */
export function createIrrigation(deps: IrrigationDeps) {
  let smart: SmartIrrigation | null = null;
  const runs = createRunService({
    db: deps.db,
    commands: deps.commands,
    publish: deps.publish,
    now: deps.now,
    tz: deps.tz,
    log: deps.log,
    onEnded: async (r) => {
      await smart?.runEnded(r);
      // Fertiliser that went into the soil is farm work on the zones' plots (production stock module).
      await recordRunAsFarmWork(deps.db, r, deps.tz).catch((err: Error) =>
        deps.log?.warn({ err: err.message, runId: r.id }, 'farm work from an irrigation run failed'),
      );
    },
  });
  smart = createSmartIrrigation({ db: deps.db, rules: deps.rules, runs, tz: deps.tz, now: deps.now });
  const programs = createProgramService({ db: deps.db, runs, tz: deps.tz, now: deps.now, log: deps.log });
  deps.rules.onTick('irrigation runs', runs.supervise);
  deps.rules.onTick('irrigation programs', programs.tick);
  return { runs, programs, smart };
}

export type Irrigation = ReturnType<typeof createIrrigation>;

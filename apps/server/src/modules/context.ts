import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Publish } from '../mqtt/publish';

/** What route modules receive from buildApp. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  publish: Publish;
}

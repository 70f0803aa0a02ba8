import pino from 'pino';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { ensureDemoDeviceSecrets } from './devices';
import { fillDemoPast, seedDemoOnce } from './start';

/**
 * The demo's data directory as a first start leaves it (rows, clips, device secrets, 400 days of history,
 * trap photos, category pictures), made without listening anywhere, then closed. `npm test` makes one and
 * every end-to-end shard's server starts on a copy. Configured like the server: DATA_DIR, TZ_NAME, ...
 */
const config = loadConfig();
const log = pino({ level: config.logLevel });
const db = connectDatabase(config.database);
await migrateToLatest(db);
await seedDemoOnce(db, config.dataDir, log);
await fillDemoPast({ config, db, log }, await ensureDemoDeviceSecrets(db, config.dataDir));
await db.destroy();

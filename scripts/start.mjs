// `npm start`: install and build what is missing, then run one server with SQLite, the embedded
// broker, demo data and simulated devices. Every setting can be overridden from the environment.
import path from 'node:path';
import { ensureNodeModules, ensureWebBuild, log, ROOT, startChild } from './lib/util.mjs';

await ensureNodeModules();
await ensureWebBuild();

const env = { DEMO: 'true', NODE_ENV: 'production', ...process.env };
log('starting the server');
const child = startChild(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], { env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

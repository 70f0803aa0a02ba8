// Worker threads do not inherit a TypeScript loader under every runner (vitest, plain node); register tsx here.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.role === 'checkpoint' ? './sqliteCheckpointer.ts' : './sqliteWorker.ts');

// Worker threads do not inherit a TypeScript loader under every runner (vitest, plain node); register tsx here.
import { register } from 'tsx/esm/api';

register();
await import('./sqliteWorker.ts');

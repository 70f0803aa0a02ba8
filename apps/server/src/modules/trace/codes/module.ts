import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../context';
import { createLabelJobRunner } from '../labels/labelJobs';
import { labelRoutes } from '../labels/labelRoutes';
import { createCodeJobRunner } from './jobs';
import { createPlaceBook } from './places';
import { traceCodePublicRoutes } from './publicRoutes';
import { traceCodeRoutes } from './routes';
import { createScanner } from './scans';

/**
 * One item one code: the console's routes with their job runner, the label sheets with theirs, and the public
 * code read with its scanner (and the GS1 Digital Link resolver).
 */
export function traceCodeModule(app: FastifyInstance, deps: ModuleDeps): void {
  traceCodeRoutes(app, deps, createCodeJobRunner(deps.db, app.log));
  traceCodePublicRoutes(app, deps, createScanner(deps.db, createPlaceBook(deps.config.dataDir), deps.config.tzName));
  labelRoutes(app, deps, createLabelJobRunner(deps.db, deps.config, app.log));
}

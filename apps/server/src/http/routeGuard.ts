import { isKnownPermitUrl } from '@farmpark/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodObject, ZodType } from 'zod';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** null: any signed-in user; undefined only for public routes. */
  permitUrl: string | null | undefined;
  public: boolean;
  /** Field names of the query and body schemas, so tests can fill every input. */
  queryKeys: string[];
  bodyKeys: string[];
  /** The zod schemas themselves, so tests can try hostile values on every field. */
  querySchema: ZodType | undefined;
  bodySchema: ZodType | undefined;
}

/** Swagger UI and its JSON live under /api but are documentation, not data. */
const DOCS_PREFIX = '/api/docs';

function keysOf(schema: unknown): string[] {
  const shape = (schema as ZodObject | undefined)?.shape as Record<string, ZodType> | undefined;
  return shape ? Object.keys(shape) : [];
}

/**
 * Refuses, at startup, any /api route that does not say who may call it, so nothing is left
 * unguarded by accident; and keeps a registry of the guarded routes for tests to walk.
 */
export function installRouteGuard(app: FastifyInstance): RegisteredRoute[] {
  const registry: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!(url === '/api' || url.startsWith('/api/')) || url.startsWith(DOCS_PREFIX)) return;
    const config = (route.config ?? {}) as { permitUrl?: string | null; public?: boolean };
    const isPublic = config.public === true;
    if (!isPublic && config.permitUrl === undefined) {
      throw new Error(`Route ${route.method} ${url} declares neither config.permitUrl nor config.public`);
    }
    if (typeof config.permitUrl === 'string' && !isKnownPermitUrl(config.permitUrl)) {
      throw new Error(`Route ${route.method} ${url} names an unknown permitUrl ${config.permitUrl}`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registry.push({
        method,
        url,
        permitUrl: config.permitUrl,
        public: isPublic,
        queryKeys: keysOf(route.schema?.querystring),
        bodyKeys: keysOf(route.schema?.body),
        querySchema: route.schema?.querystring as ZodType | undefined,
        bodySchema: route.schema?.body as ZodType | undefined,
      });
    }
  });
  return registry;
}

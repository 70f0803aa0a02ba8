import { isKnownPermitUrl } from '@farmpark/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** null: any signed-in user; undefined only for public routes. */
  permitUrl: string | null | undefined;
  /** Other pages whose permission opens the route as well (any one suffices). */
  alsoPermitUrls: readonly string[];
  public: boolean;
  /** Open to data-screen accounts (their own session calls, and the page reads the screens show). */
  screenAccess: boolean;
  /** Field names of the query and body schemas, so tests can fill every input. */
  queryKeys: string[];
  bodyKeys: string[];
  /** The zod schemas themselves, so tests can try hostile values on every field. */
  querySchema: ZodType | undefined;
  bodySchema: ZodType | undefined;
}

/** Swagger UI and its JSON live under /api but are documentation, not data. */
const DOCS_PREFIX = '/api/docs';

interface SchemaDef {
  type: string;
  shape?: Record<string, ZodType>;
  left?: ZodType;
  right?: ZodType;
  in?: ZodType;
  out?: ZodType;
}

/**
 * The fields of a route schema: an object's shape, both sides of an intersection, a pipe's ends
 * (export queries are a filter intersected with the export options, so a plain `.shape` saw none).
 */
export function schemaFields(schema: ZodType | undefined): Record<string, ZodType> {
  if (!schema) return {};
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'intersection') return { ...schemaFields(def.left), ...schemaFields(def.right) };
  if (def.type === 'pipe') return { ...schemaFields(def.in), ...schemaFields(def.out) };
  return {};
}

const keysOf = (schema: unknown) => Object.keys(schemaFields(schema as ZodType | undefined));

/**
 * Refuses, at startup, any /api or /sqdApi route that does not say who may call it, so nothing is left
 * unguarded by accident; and keeps a registry of the guarded routes for tests to walk.
 */
export function installRouteGuard(app: FastifyInstance): RegisteredRoute[] {
  const registry: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    // SPEC §7's device operations live under /sqdApi/ with the same session and permission rules.
    const guarded = url === '/api' || url.startsWith('/api/') || url.startsWith('/sqdApi/');
    if (!guarded || url.startsWith(DOCS_PREFIX)) return;
    const config = (route.config ?? {}) as {
      permitUrl?: string | null;
      alsoPermitUrls?: readonly string[];
      public?: boolean;
      screenAccess?: boolean;
    };
    const isPublic = config.public === true;
    if (!isPublic && config.permitUrl === undefined) {
      throw new Error(`Route ${route.method} ${url} declares neither config.permitUrl nor config.public`);
    }
    if (typeof config.permitUrl === 'string' && !isKnownPermitUrl(config.permitUrl)) {
      throw new Error(`Route ${route.method} ${url} names an unknown permitUrl ${config.permitUrl}`);
    }
    const also = config.alsoPermitUrls ?? [];
    if (also.length > 0 && typeof config.permitUrl !== 'string') {
      throw new Error(`Route ${route.method} ${url} names alsoPermitUrls without a permitUrl`);
    }
    for (const other of also.filter((u) => !isKnownPermitUrl(u))) {
      throw new Error(`Route ${route.method} ${url} names an unknown permitUrl ${other}`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A data-screen account reads page data and changes nothing: a page's route open to it must be a read.
    if (
      config.screenAccess &&
      typeof config.permitUrl === 'string' &&
      methods.some((m) => m !== 'GET' && m !== 'HEAD')
    ) {
      throw new Error(`Route ${route.method} ${url} opens a page's data to data-screen accounts but is not a GET`);
    }
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registry.push({
        method,
        url,
        permitUrl: config.permitUrl,
        alsoPermitUrls: also,
        public: isPublic,
        screenAccess: config.screenAccess === true,
        queryKeys: keysOf(route.schema?.querystring),
        bodyKeys: keysOf(route.schema?.body),
        querySchema: route.schema?.querystring as ZodType | undefined,
        bodySchema: route.schema?.body as ZodType | undefined,
      });
    }
  });
  return registry;
}

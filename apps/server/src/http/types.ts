import type {} from '@fastify/cookie';
import type { AuthContext } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Permission an /api route needs: a permitUrl of the catalogue, or `null` for any signed-in
     * user. Every /api route must declare this or `public: true` (checked at startup).
     */
    permitUrl?: string | null;
    /**
     * Other pages whose permission also opens this route (any one suffices), for a call several pages
     * make: live video plays on the video, disaster and seedling pages. Needs a string `permitUrl`.
     */
    alsoPermitUrls?: readonly string[];
    /** Reachable without a session (login only, so far). */
    public?: boolean;
    /**
     * A data-screen account may call this `permitUrl: null` route too (session calls, its parks,
     * its screens). Every other route refuses such accounts with 1004.
     */
    screenAccess?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every non-public /api route; null elsewhere. */
    auth: AuthContext | null;
    /** The session token the caller presented (header or cookie), once authenticated. */
    sessionToken: string | null;
  }
}

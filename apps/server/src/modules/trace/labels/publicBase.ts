import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config';

/**
 * The origin consumers reach the public pages on, printed in every label's QR code: PUBLIC_BASE_URL, or
 * the protocol and host the console's request came in on (Fastify honours TRUST_PROXY for both).
 */
export const publicBase = (req: FastifyRequest, config: Pick<Config, 'publicBaseUrl'>): string =>
  config.publicBaseUrl || `${req.protocol}://${req.host}`;

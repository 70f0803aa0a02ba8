import type { DeviceBrokerInfo } from '@farmpark/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * Where a device connects, for the credentials shown after registering: the external broker when
 * one is configured, else the embedded broker's TCP port on the host the console was reached at.
 */
export function deviceBroker(config: Pick<Config, 'mqttUrl' | 'mqttPort'>, req: FastifyRequest): DeviceBrokerInfo {
  if (config.mqttUrl) {
    const u = new URL(config.mqttUrl);
    const tls = u.protocol === 'mqtts:';
    return { host: u.hostname, port: u.port ? Number(u.port) : tls ? 8883 : 1883, tls, topicPrefix: 'dev/{serial}/' };
  }
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '127.0.0.1')
    .split(',')[0]
    .trim();
  const hostname = /^(\[[^\]]+\]|[^:]+)/.exec(host)?.[1] ?? '127.0.0.1';
  return { host: hostname, port: config.mqttPort, tls: false, topicPrefix: 'dev/{serial}/' };
}

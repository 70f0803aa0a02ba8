import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { startLightCloudStandIn } from '../modules/light/cloudStandIn';

/**
 * In the demo the lamp vendor's cloud is a local stand-in (unless LIGHT_CLOUD_URL names a real one), so
 * the token calls of the lamp page run the same code path as against a vendor.
 */
export async function demoLightCloud(config: Config): Promise<{ config: Config; close: () => Promise<void> }> {
  if (!config.demo || config.lightCloud.url) return { config, close: async () => {} };
  const key = randomBytes(16).toString('hex');
  const standIn = await startLightCloudStandIn(key);
  return { config: { ...config, lightCloud: { url: standIn.url, key } }, close: standIn.close };
}

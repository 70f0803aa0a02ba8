import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connect';
import { deviceForAuth } from './repo';

/**
 * Device secrets are 128 random bits made by the server, so they cannot be guessed from a word list:
 * a salted SHA-256 is as safe as scrypt for them, and cheap enough for every MQTT connect and image
 * upload (a broker restart reconnects thousands of devices at once). See docs/DECISIONS.md "Devices".
 */
const SECRET_BYTES = 16;

export function generateSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

const digest = (salt: Buffer, secret: string) => createHash('sha256').update(salt).update(secret, 'utf8').digest();

/** `salt:hash`, both hex. */
export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${digest(salt, secret).toString('hex')}`;
}

export function verifySecret(secret: string, stored: string | null | undefined): boolean {
  if (!stored || !secret) return false;
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = digest(Buffer.from(saltHex, 'hex'), secret);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface AuthenticatedDevice {
  deviceId: number;
  serial: string;
  merchantId: number;
  deviceClass: string;
}

/**
 * Checks a serial and secret against the database (never a cache: a regenerated secret must stop
 * working at once, in every server process). Throws a reason meant for the server log only.
 */
export async function authenticateDevice(db: Db, serial: string, secret: string): Promise<AuthenticatedDevice> {
  const row = serial ? await deviceForAuth(db, serial) : undefined;
  if (!row) throw new Error('unknown device');
  if (!row.secret_hash) throw new Error('device has no credentials');
  if (!verifySecret(secret, row.secret_hash)) throw new Error('wrong device secret');
  return { deviceId: row.id, serial: row.serial, merchantId: row.merchant_id, deviceClass: row.device_class };
}

import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, newToken, verifyPassword } from './secrets';

describe('secrets', () => {
  it('verifies the right password and rejects a wrong one; salts differ per hash', async () => {
    const a = await hashPassword('demo123456');
    const b = await hashPassword('demo123456');
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPassword('demo123456', a.hash, a.salt)).toBe(true);
    expect(await verifyPassword('demo1234567', a.hash, a.salt)).toBe(false);
  });

  it('makes 256-bit url-safe tokens and stores them as sha-256 hex', () => {
    const t = newToken();
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(t).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).toBe(hashToken(t));
    expect(newToken()).not.toBe(t);
  });
});

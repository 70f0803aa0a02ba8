import { TESTING_TOKEN_TTL_MS } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { createInstallerTokens, TOKENS_PER_DEVICE, TOKENS_PER_MERCHANT } from './installerTokens';

const device = (deviceId: number, merchantId: number) => ({
  deviceId,
  merchantId,
  serial: `SN-${deviceId}`,
  secretHash: 'h',
});

describe('installer tokens', () => {
  it("10,050 sign-ins of one device end only that device's oldest tokens, never another merchant's", () => {
    const tokens = createInstallerTokens();
    const other = tokens.issue(device(2, 20));
    const sameMerchant = tokens.issue(device(3, 10));
    const first = tokens.issue(device(1, 10));
    let last = first;
    for (let i = 0; i < 10_050; i++) last = tokens.issue(device(1, 10));
    expect(tokens.find(other.token)?.deviceId).toBe(2);
    expect(tokens.find(sameMerchant.token)?.deviceId).toBe(3);
    expect(tokens.find(last.token)?.deviceId).toBe(1);
    expect(tokens.find(first.token)).toBeNull();
    expect(tokens.size).toBe(TOKENS_PER_DEVICE + 2);
  });

  it("a merchant's many devices end that merchant's oldest tokens only", () => {
    const tokens = createInstallerTokens();
    const other = tokens.issue(device(1, 20));
    const issued = Array.from({ length: TOKENS_PER_MERCHANT + 5 }, (_, i) => tokens.issue(device(100 + i, 10)));
    expect(tokens.find(other.token)).not.toBeNull();
    expect(issued.slice(0, 5).every((t) => tokens.find(t.token) === null)).toBe(true);
    expect(issued.slice(5).every((t) => tokens.find(t.token) !== null)).toBe(true);
  });

  it('a token ends when its time is up', () => {
    let t = 1_000;
    const tokens = createInstallerTokens(() => t);
    const a = tokens.issue(device(1, 10));
    t += TESTING_TOKEN_TTL_MS;
    expect(tokens.find(a.token)).toBeNull();
  });
});

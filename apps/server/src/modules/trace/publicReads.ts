import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { presentedToken } from '../../http/authHook';
import { RateLimitedError, SlidingWindow } from '../../http/rateLimit';
import { resolveSession } from '../auth/sessions';

/**
 * What the public trace reads (/OC, /TC) share: a limit that keeps guessing codes slow without turning away
 * a crowd behind one address, and knowing when a read is the producer's own staff.
 */

/**
 * Per address: at most `unknown` lookups of codes that do not exist a minute, and a flood guard of `all`
 * reads. Valid codes are what shoppers scan (a market or campus behind one address reads hundreds a minute);
 * a guesser mostly misses. Once an address is over the miss limit every lookup from it waits, valid or not:
 * answering valid codes then would tell the guesser which ones are.
 */
export const PUBLIC_READ_LIMIT = { unknown: 30, all: 3_000, windowMs: 60_000 };

export class GuessLimit {
  private readonly misses: SlidingWindow;
  private readonly reads: SlidingWindow;

  constructor(limit = PUBLIC_READ_LIMIT) {
    this.misses = new SlidingWindow(limit.unknown, limit.windowMs);
    this.reads = new SlidingWindow(limit.all, limit.windowMs);
  }

  /** Before a lookup: throws 1604 (with how long to wait) when the address is over either limit. */
  admit(ip: string): void {
    if (this.misses.isLimited(ip)) throw new RateLimitedError(this.misses.retryAfter(ip));
    if (!this.reads.take(ip)) throw new RateLimitedError(this.reads.retryAfter(ip));
  }

  /** After a lookup that found nothing. */
  missed(ip: string): void {
    this.misses.hit(ip);
  }
}

/**
 * The merchant of a signed-in staff member making a public read (the console's session cookie or token
 * travels with the page's request when it is opened on the console's host), or null: a consumer. A session
 * that does not resolve is simply not staff.
 */
export async function staffMerchantOf(db: Db, req: FastifyRequest): Promise<number | null> {
  const token = presentedToken(req);
  if (!token) return null;
  try {
    const auth = await resolveSession(db, token);
    return auth.kind === 'staff' ? auth.merchantId : null;
  } catch {
    return null;
  }
}

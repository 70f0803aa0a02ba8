import { describe, expect, it } from 'vitest';
import { isOwnerJudged } from './rules';

describe('isOwnerJudged', () => {
  it('names the kinds the server judges itself, and answers false for a form not yet given a kind', () => {
    expect(isOwnerJudged('zoneFlow')).toBe(true);
    expect(isOwnerJudged({ kind: 'trapCount' })).toBe(true);
    expect(isOwnerJudged('threshold')).toBe(false);
    // the new-rule dialog asks before a kind is chosen: it must not throw (it did, and the dialog never opened)
    expect(isOwnerJudged(undefined)).toBe(false);
  });
});

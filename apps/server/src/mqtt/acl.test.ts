import { describe, expect, it } from 'vitest';
import { browserMaySubscribe, deviceMayUse } from './acl';

const who = { userId: 7, merchantId: 2, groupIds: [10, 11] };

describe('browser subscribe ACL', () => {
  it.each([
    ['web/2/10/#', true],
    ['web/2/11/telemetry', true],
    ['web/2/10/cmd/+', true],
    ['user/2/7/session', true],
    ['web/2/12/#', false],
    ['web/3/10/#', false],
    ['web/2/+/#', false],
    ['web/+/10/#', false],
    ['web/#', false],
    ['#', false],
    ['web/2/10', false],
    ['user/2/8/session', false],
    ['user/2/7/#', false],
    ['dev/ABC/up', false],
    ['$share/x/web/2/10/#', false],
  ])('%s -> %s', (topic, allowed) => {
    expect(browserMaySubscribe(topic, who)).toBe(allowed);
  });
});

describe('device ACL', () => {
  it('allows only its own subtree', () => {
    expect(deviceMayUse('dev/SN1/up/telemetry', 'SN1')).toBe(true);
    expect(deviceMayUse('dev/SN1/#', 'SN1')).toBe(true);
    expect(deviceMayUse('dev/SN1/', 'SN1')).toBe(false);
    expect(deviceMayUse('dev/SN10/up', 'SN1')).toBe(false);
    expect(deviceMayUse('dev/+/up', 'SN1')).toBe(false);
    expect(deviceMayUse('web/1/1/#', 'SN1')).toBe(false);
  });
});

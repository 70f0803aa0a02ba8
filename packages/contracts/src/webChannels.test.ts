import { describe, expect, it } from 'vitest';
import { parseWebChannel, sessionEndedMessage, userTopic, webChannel, webTopic } from './webChannels';

describe('web channels', () => {
  it('build the park topic of a channel and a publication of topic and message', () => {
    expect(webTopic(7, 3, 'telemetry')).toBe('web/7/3/telemetry');
    expect(webTopic(7, 3, '#')).toBe('web/7/3/#');
    const msg = { deviceId: 9, online: true, ts: 1 };
    expect(webChannel(7, 3, 'status', msg)).toEqual(['web/7/3/status', msg]);
    expect(userTopic(7, 11)).toBe('user/7/11/session');
  });

  it('parse what the server publishes on each channel', () => {
    expect(parseWebChannel('telemetry', { readings: [{ deviceId: 1, ts: 2, values: { airTemp: 21.5 } }] })).toEqual({
      readings: [{ deviceId: 1, ts: 2, values: { airTemp: 21.5 } }],
    });
    expect(
      parseWebChannel('cmd', { cmdId: 'c1', deviceId: 1, name: 'setActuator', state: 'succeeded', reason: '', ts: 3 }),
    ).not.toBeNull();
    const raised = {
      alarmId: 5,
      event: 'raised',
      ruleName: 'hot',
      deviceId: 1,
      deviceName: 'WS-1',
      key: 'airTemp',
      severity: 'warning',
      value: 31,
      ts: 4,
      openCount: 2,
    };
    expect(parseWebChannel('alarm', raised)).toEqual(raised);
    // A rule that changed meaning closes its alarms with only the park's new count.
    expect(parseWebChannel('alarm', { alarmId: 5, event: 'cleared', ts: 4, openCount: 0 })).not.toBeNull();
    expect(parseWebChannel('irrigation', { runId: 1, groupId: 3, deviceId: 2, state: 'running', zones: [1] })).toEqual({
      runId: 1,
      groupId: 3,
      deviceId: 2,
      state: 'running',
      zones: [1],
    });
    expect(sessionEndedMessage.parse({ code: 906, msg: 'signed in elsewhere', sessionIds: [4] }).code).toBe(906);
  });

  it('refuse payloads that are not the channel message', () => {
    expect(parseWebChannel('telemetry', { readings: [{ deviceId: 1, ts: 2, values: { airTemp: 'hot' } }] })).toBeNull();
    expect(parseWebChannel('status', { deviceId: 1, online: 'yes', ts: 1 })).toBeNull();
    expect(parseWebChannel('cmd', { deviceId: 1, state: 'done' })).toBeNull();
    expect(parseWebChannel('alarm', { alarmId: 5, event: 'raised', ts: 4, openCount: 1 })).toBeNull();
    expect(parseWebChannel('irrigation', { runId: 1, state: 'flying' })).toBeNull();
    expect(parseWebChannel('status', 'not json')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { COMMANDS, commandSchema } from './commands';
import type { DeviceClass } from './deviceClasses';
import { testingInstallerMessagesBody, testingMessagesQuery } from './testing';
import { checkRawCommand, commandExample, commandNames } from './testingCommands';

const classes = Object.keys(COMMANDS) as DeviceClass[];

describe('device debugging contracts', () => {
  it('every command of every class has an example its schema takes', () => {
    let n = 0;
    for (const c of classes)
      for (const name of commandNames(c)) {
        const parsed = commandSchema(c, name)?.safeParse(commandExample(c, name));
        expect(parsed?.success, `${c}.${name}`).toBe(true);
        n++;
      }
    expect(n).toBeGreaterThan(20);
  });

  it('checks a raw command as the server will, naming what is wrong', () => {
    expect(checkRawCommand('valveController', '{"name":"setValve","params":{"valve":2,"on":false}}')).toEqual({
      ok: true,
      name: 'setValve',
      params: { valve: 2, on: false },
    });
    // The problem is a sentence in the page's language; its detail names the param for the form.
    const over = '{"name":"setValve","params":{"valve":9,"on":true}}';
    expect(checkRawCommand('valveController', over)).toEqual({
      ok: false,
      problem: 'Valve must be at most 4',
      detail: { field: 'valve', rule: 'max', params: { max: 4 } },
    });
    expect(checkRawCommand('valveController', over, 'zh')).toMatchObject({ problem: '阀门不能大于 4' });
    expect(checkRawCommand('valveController', '{"name":"photograph"}')).toMatchObject({
      ok: false,
      detail: { field: 'name', rule: 'unknownValue', params: { value: 'photograph' } },
    });
    expect(checkRawCommand('valveController', '{"name":')).toMatchObject({ ok: false, detail: { rule: 'object' } });
    expect(checkRawCommand('valveController', '[1]', 'zh')).toEqual({
      ok: false,
      problem: '该项格式无法读取',
      detail: { rule: 'object' },
    });
    expect(checkRawCommand('sporeTrap', '{"name":"capture"}')).toEqual({ ok: true, name: 'capture', params: {} });
  });

  it('reads the message cursor as a time and leaves it out when blank', () => {
    expect(testingMessagesQuery.parse({ deviceId: '3', startTime: '' })).toEqual({ deviceId: 3 });
    expect(testingMessagesQuery.parse({ deviceId: 3, startTime: '1700000000000' }).startTime).toBe(1_700_000_000_000);
    expect(testingInstallerMessagesBody.safeParse({ token: ' ' }).success).toBe(false);
  });
});

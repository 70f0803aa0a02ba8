import { webTopic } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provision, uniqueSerial } from '../../test/devices';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';

const HOOK_SECRET = 'hook-secret-for-tests-0123456789';

describe.each(engines)('broker auth hooks [%s]', (engine) => {
  let env: TestEnv & { close: () => Promise<void> };
  let serial: string;
  let secret: string;
  beforeAll(async () => {
    env = await createTestEnv(engine, {
      MQTT_HOOK_SECRET: HOOK_SECRET,
      MQTT_URL: 'mqtt://farmpark:server-pass@127.0.0.1:1',
    });
    serial = uniqueSerial('HOOK');
    ({ secret } = await provision(env, await env.login('demo'), {
      serial,
      deviceClass: 'weatherStation',
      groupId: env.ids.parks.farm[0],
    }));
  });
  afterAll(async () => env?.close());

  const hook = (path: 'auth' | 'acl', body: Record<string, unknown>, hookSecret: string | null = HOOK_SECRET) =>
    env.app.inject({
      method: 'POST',
      url: `/api/mqtt/${path}`,
      payload: body,
      headers: hookSecret ? { 'x-hook-secret': hookSecret } : {},
    });

  it('refuses callers without the hook secret', async () => {
    expect((await hook('auth', { username: serial, password: secret }, null)).statusCode).toBe(403);
    expect((await hook('auth', { username: serial, password: secret }, 'wrong-secret-wrong-secret')).statusCode).toBe(
      403,
    );
  });

  it('authenticates devices by secret, consoles by session token, and the server by MQTT_URL credentials', async () => {
    const ok = await hook('auth', { clientid: serial, username: serial, password: secret });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: 'allow', is_superuser: false });
    expect((await hook('auth', { clientid: serial, username: serial, password: 'nope' })).statusCode).toBe(401);
    expect((await hook('auth', { clientid: 'NO-SUCH', username: 'NO-SUCH', password: secret })).statusCode).toBe(401);

    const token = await env.login('demo');
    const demo = `u${env.ids.users.demo}`;
    expect((await hook('auth', { clientid: `${demo}_a1`, username: demo, password: token })).statusCode).toBe(200);
    expect(
      (
        await hook('auth', {
          clientid: `u${env.ids.users.demo2}_a1`,
          username: `u${env.ids.users.demo2}`,
          password: token,
        })
      ).statusCode,
    ).toBe(401);

    const server = await hook('auth', { clientid: 'farmpark-any', username: 'farmpark', password: 'server-pass' });
    expect(server.json()).toEqual({ result: 'allow', is_superuser: true });
    expect((await hook('auth', { username: 'farmpark', password: 'guess' })).statusCode).toBe(401);
  });

  it('binds client ids to the identity, as the embedded broker does (no takeover of another session)', async () => {
    const other = uniqueSerial('HOOKB');
    await provision(env, await env.login('demo'), {
      serial: other,
      deviceClass: 'weatherStation',
      groupId: env.ids.parks.farm[0],
    });
    const token = await env.login('demo');
    const demo = `u${env.ids.users.demo}`;
    const status = async (clientid: string, username: string, password: string) =>
      (await hook('auth', { clientid, username, password })).statusCode;
    expect(await status(`${serial}-x`, serial, secret)).toBe(200);
    expect(await status(other, serial, secret)).toBe(401);
    expect(await status(`${other}-x`, serial, secret)).toBe(401);
    expect(await status('', serial, secret)).toBe(401);
    expect(await status('mqttjs_1234', serial, secret)).toBe(401);
    expect(await status(`${demo}_x`, serial, secret)).toBe(401);
    expect(await status(serial, demo, token)).toBe(401);
    expect(await status(`u${env.ids.users.demo2}_x`, demo, token)).toBe(401);
    expect(await status('web_0123456789abcdef', demo, token)).toBe(401);
  });

  it('limits devices to their own subtree and consoles to their parks (EMQX and mosquitto-go-auth forms)', async () => {
    const allowed = async (b: Record<string, unknown>) => (await hook('acl', b)).statusCode === 200;
    expect(await allowed({ username: serial, topic: `dev/${serial}/up/telemetry`, action: 'publish' })).toBe(true);
    expect(await allowed({ username: serial, topic: `dev/${serial}/down/cmd`, acc: 4 })).toBe(true);
    expect(await allowed({ username: serial, topic: 'dev/DF-WS-0001/up/telemetry', action: 'publish' })).toBe(false);
    expect(await allowed({ username: serial, topic: 'dev/+/up/telemetry', acc: 4 })).toBe(false);

    await env.login('demo');
    const user = `u${env.ids.users.demo}`;
    const mine = webTopic(env.ids.merchant.farm, env.ids.parks.farm[0], '#');
    expect(await allowed({ username: user, topic: mine, action: 'subscribe' })).toBe(true);
    expect(await allowed({ username: user, topic: mine, acc: 1 })).toBe(true);
    expect(await allowed({ username: user, topic: mine, action: 'publish' })).toBe(false);
    expect(
      await allowed({
        username: user,
        topic: webTopic(env.ids.merchant.orchard, env.ids.parks.orchard, '#'),
        action: 'subscribe',
      }),
    ).toBe(false);
    expect(await allowed({ username: 'farmpark', topic: '$share/farmpark/dev/+/up/#', action: 'subscribe' })).toBe(
      true,
    );
    expect((await hook('acl', { username: serial, topic: `dev/${serial}/up/x`, action: 'fly' })).statusCode).toBe(403);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code, userTopic } from '@farmpark/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '../modules/auth/secrets';
import { waitFor } from '../test/devices';
import { describeEachEngine } from '../test/harness';
import { createBroker } from './broker';

let counter = 0;

describeEachEngine('MQTT connections end with their session', (env) => {
  let wsUrl: string;
  const clients: MqttClient[] = [];

  /** Two connections of one session: one listens for the session-ended notice, the other subscribed to nothing. */
  const session = async (login: 'demo' | 'operator', url = wsUrl) => {
    const t = await env().login(login);
    const userId = env().ids.users[login];
    const open = async () => {
      const c = await mqtt.connectAsync(url, {
        clientId: `u${userId}_end${counter++}`,
        username: `u${userId}`,
        password: t,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      clients.push(c);
      return c;
    };
    const listening = await open();
    await listening.subscribeAsync(userTopic(env().ids.merchant.farm, userId), { qos: 1 });
    const silent = await open();
    return { token: t, listening, silent };
  };
  const closed = (s: { listening: MqttClient; silent: MqttClient }) =>
    waitFor('connections closed', () => !s.listening.connected && !s.silent.connected, 5000);
  const stillOpen = async (s: { listening: MqttClient; silent: MqttClient }) => {
    await new Promise((r) => setTimeout(r, 1500));
    return s.listening.connected && s.silent.connected;
  };

  beforeAll(async () => {
    await env().app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(env().app.server.address() as AddressInfo).port}/mqtt`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
  });

  it('logout closes every connection of that session, not those of the same user’s other session', async () => {
    const ending = await session('operator');
    const other = await session('operator');
    expect((await env().get('/api/merchant/user/center/logout', ending.token)).code).toBe(0);
    await closed(ending);
    expect(await stillOpen(other)).toBe(true);
  });

  it('a password change closes the other sessions’ connections and keeps the one that made it', async () => {
    const making = await session('operator');
    const other = await session('operator');
    const res = await env().post('/api/merchant/user/resetLoginPwd', making.token, {
      oldPwd: 'demo123456',
      newPwd: 'changed123',
    });
    expect(res.code).toBe(0);
    await closed(other);
    expect(await stillOpen(making)).toBe(true);
    await env().post('/api/merchant/user/resetLoginPwd', making.token, { oldPwd: 'changed123', newPwd: 'demo123456' });
  });

  it('disabling a user closes all its connections', async () => {
    const admin = await env().login('demo');
    const first = await session('operator');
    const second = await session('operator');
    const userId = env().ids.users.operator;
    expect((await env().post('/api/merchant/user/enableSysUser', admin, { userId, enabled: false })).code).toBe(0);
    await Promise.all([closed(first), closed(second)]);
    await env().post('/api/merchant/user/enableSysUser', admin, { userId, enabled: true });
  });

  it('an expired session is noticed by the broker: ended with its code, told, and its connections closed', async () => {
    // The same broker with a check every 200 ms instead of every minute.
    const broker = await createBroker({ db: env().db, log: pino({ level: 'silent' }), sessionCheckMs: 200 });
    const http = createServer();
    broker.attachWebSocket(http);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    try {
      const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt`;
      const expiring = await session('operator', url);
      const kept = await session('operator', url);
      const notices: unknown[] = [];
      expiring.listening.on('message', (_t, payload) => notices.push(JSON.parse(payload.toString())));
      await env()
        .db.updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', env().ids.users.operator)
        .where('ended_at', 'is', null)
        .where('token_hash', '<>', hashToken(kept.token))
        .execute();
      await closed(expiring);
      expect(notices).toEqual([expect.objectContaining({ code: Code.TOKEN_EXPIRED })]);
      expect(await stillOpen(kept)).toBe(true);
      expect((await env().get('/api/merchant/user/center/getMerchantUserInfo', expiring.token)).code).toBe(
        Code.TOKEN_EXPIRED,
      );
    } finally {
      await broker.close();
      http.close();
    }
  });
});

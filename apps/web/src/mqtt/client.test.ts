import { afterEach, describe, expect, it, vi } from 'vitest';
import { brokerUrl, type ConnectFn, MessagingClient, type MqttLike } from './client';
import { topicMatches } from './topicMatch';

class FakeMqtt implements MqttLike {
  connected = false;
  listeners = new Map<string, ((...args: never[]) => void)[]>();
  published: [string, string][] = [];
  subscribed: string[] = [];
  /** the broker's answers still to come, in order */
  pending: [string, (err: Error | null) => void][] = [];
  ended = false;
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  subscribe(topic: string, _options: unknown, callback?: (err: Error | null) => void) {
    this.subscribed.push(topic);
    if (callback) this.pending.push([topic, callback]);
  }
  /** the broker answers every subscription asked so far */
  ack(err: Error | null = null) {
    for (const [, cb] of this.pending.splice(0)) cb(err);
  }
  unsubscribe() {}
  publish(topic: string, payload: string) {
    this.published.push([topic, payload]);
  }
  end() {
    this.ended = true;
  }
}

const PARAM = { username: 'u', password: 'p', mqttUrl: 'ws://127.0.0.1', port: 8080 };

function setup() {
  const fake = new FakeMqtt();
  const calls: [string, Record<string, unknown>][] = [];
  const connect: ConnectFn = (url, options) => {
    calls.push([url, options as Record<string, unknown>]);
    return fake;
  };
  const status: boolean[] = [];
  const client = new MessagingClient(
    async () => connect,
    (c) => status.push(c),
  );
  return { fake, calls, status, client };
}

afterEach(() => vi.restoreAllMocks());

describe('MessagingClient', () => {
  it('connects to mqttUrl:port/mqtt with the SPEC settings', async () => {
    const { client, calls } = setup();
    await client.connect(PARAM);
    await client.connect(PARAM);
    expect(calls).toHaveLength(1);
    const [url, options] = calls[0];
    expect(url).toBe('ws://127.0.0.1:8080/mqtt');
    expect(options).toMatchObject({
      username: 'u',
      password: 'p',
      keepalive: 60,
      connectTimeout: 30_000,
      reconnectPeriod: 10_000,
      resubscribe: true,
    });
    expect(String(options.clientId)).toMatch(/^u_web_[0-9a-f]{16}$/);
    expect(brokerUrl({ ...PARAM, mqttUrl: 'wss://farm.example' })).toBe('wss://farm.example:8080/mqtt');
  });

  it('logs and sends nothing when publishing while disconnected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, fake } = setup();
    expect(client.publish('web/1/2/cmd', { a: 1 })).toBe(false);
    await client.connect(PARAM);
    expect(client.publish('web/1/2/cmd', { a: 1 })).toBe(false);
    expect(fake.published).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    fake.connected = true;
    fake.emit('connect');
    expect(client.publish('web/1/2/cmd', { a: 1 })).toBe(true);
    expect(fake.published).toEqual([['web/1/2/cmd', '{"a":1}']]);
  });

  it('tracks status: connect true; error, reconnect and close false', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, fake, status } = setup();
    await client.connect(PARAM);
    fake.emit('connect');
    fake.emit('error', new Error('boom'));
    fake.emit('connect');
    fake.emit('reconnect');
    fake.emit('connect');
    fake.emit('close');
    expect(status).toEqual([true, false, true, false, true, false]);
  });

  it('subscribes registered topics on connect and dispatches decoded JSON to matching handlers', async () => {
    const { client, fake } = setup();
    const seen: unknown[] = [];
    const off = client.subscribe('user/1/7/session', (p) => seen.push(p));
    const wild: string[] = [];
    client.subscribe('web/1/+/telemetry', (_p, t) => wild.push(t));
    await client.connect(PARAM);
    fake.connected = true;
    fake.emit('connect');
    expect(fake.subscribed).toEqual(['user/1/7/session', 'web/1/+/telemetry']);
    fake.emit('message', 'user/1/7/session', new TextEncoder().encode('{"code":906,"msg":"x"}'));
    fake.emit('message', 'web/1/3/telemetry', new TextEncoder().encode('{}'));
    fake.emit('message', 'web/2/3/telemetry', new TextEncoder().encode('{}'));
    expect(seen).toEqual([{ code: 906, msg: 'x' }]);
    expect(wild).toEqual(['web/1/3/telemetry']);
    off();
    fake.emit('message', 'user/1/7/session', new TextEncoder().encode('{}'));
    expect(seen).toHaveLength(1);
  });

  it('calls onLive when the broker confirms the subscription, again after each reconnect, never when refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, fake } = setup();
    let lives = 0;
    let plain = 0;
    client.subscribe(
      'web/1/2/alarm',
      () => {},
      () => lives++,
    );
    await client.connect(PARAM);
    fake.connected = true;
    fake.emit('connect');
    expect(lives).toBe(0); // asked, not yet confirmed: an alarm raised now may still be missed
    fake.ack();
    expect(lives).toBe(1);
    // a second view of the same topic while it is live: messages reach it from now on, no reload needed
    client.subscribe(
      'web/1/2/alarm',
      () => {},
      () => plain++,
    );
    expect(plain).toBe(0);
    // offline for a while: what happened meanwhile came by no message, so both views reload
    fake.emit('close');
    fake.emit('connect');
    fake.ack();
    expect([lives, plain]).toEqual([2, 1]);
    // a refused subscription is not live
    fake.emit('reconnect');
    fake.emit('connect');
    fake.ack(new Error('not authorised'));
    expect([lives, plain]).toEqual([2, 1]);
  });

  it('ignores a confirmation that comes after the view left', async () => {
    const { client, fake } = setup();
    let lives = 0;
    await client.connect(PARAM);
    fake.connected = true;
    fake.emit('connect');
    const off = client.subscribe(
      'web/1/2/alarm',
      () => {},
      () => lives++,
    );
    expect(fake.subscribed).toEqual(['web/1/2/alarm']);
    off();
    fake.ack();
    expect(lives).toBe(0);
  });

  it('disconnect ends the connection and reports false', async () => {
    const { client, fake, status } = setup();
    await client.connect(PARAM);
    client.disconnect();
    expect(fake.ended).toBe(true);
    expect(client.active).toBe(false);
    expect(status.at(-1)).toBe(false);
  });
});

describe('topicMatches', () => {
  it('handles + and #', () => {
    expect(topicMatches('a/+/c', 'a/b/c')).toBe(true);
    expect(topicMatches('a/+/c', 'a/b/d')).toBe(false);
    expect(topicMatches('a/#', 'a/b/c')).toBe(true);
    expect(topicMatches('a/#', 'a')).toBe(true);
    expect(topicMatches('a/b', 'a/b/c')).toBe(false);
    expect(topicMatches('a/b/c', 'a/b')).toBe(false);
  });
});

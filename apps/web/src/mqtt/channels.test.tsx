import type { MerchantUserInfo } from '@farmpark/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useParkStore } from '../stores/park';
import { useSessionStore } from '../stores/session';
import { subscribeSessionEnded, useChannelOfParks, useParkChannel } from './channels';
import { messaging } from './index';

// mqtt.js is the edge: a fake connection hands messages to the real client and hooks.
const wire = vi.hoisted(() => {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const fake = {
    connected: false,
    subscribed: [] as string[],
    on(event: string, l: (...args: unknown[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), l]);
    },
    subscribe(topic: string) {
      fake.subscribed.push(topic);
    },
    unsubscribe() {},
    publish() {},
    end() {
      listeners.clear();
    },
  };
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args);
  };
  return { fake, emit, connect: () => fake };
});
vi.mock('mqtt', () => ({ connect: wire.connect, default: { connect: wire.connect } }));

const deliver = (topic: string, payload: unknown) =>
  act(() => wire.emit('message', topic, new TextEncoder().encode(JSON.stringify(payload))));

beforeEach(async () => {
  useSessionStore.setState({ user: { merchantId: 7, userId: 1 } as MerchantUserInfo });
  useParkStore.setState({ activeGroupId: 3 });
  await messaging.connect({ username: 'u', password: 'p', mqttUrl: 'ws://127.0.0.1', port: 1 });
  wire.fake.connected = true;
  wire.emit('connect');
});
afterEach(() => {
  messaging.disconnect();
  wire.fake.subscribed = [];
});

describe('park channels', () => {
  it('subscribes to the active park channel and hands each listener the same parsed message', () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    renderHook(() => {
      useParkChannel('status', (m) => a.push(m));
      useParkChannel('status', (m) => b.push(m));
    });
    expect(wire.fake.subscribed).toContain('web/7/3/status');
    deliver('web/7/3/status', { deviceId: 9, online: true, ts: 5 });
    expect(a).toEqual([{ deviceId: 9, online: true, ts: 5 }]);
    expect(b[0]).toBe(a[0]);
  });

  it('drops a message that is not what the channel carries, and messages of other parks', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const got: unknown[] = [];
    renderHook(() => useParkChannel('cmd', (m) => got.push(m)));
    deliver('web/7/3/cmd', { deviceId: 9, state: 'done' });
    deliver('web/7/4/cmd', { cmdId: 'c1', deviceId: 9, name: 'x', state: 'sent', reason: '', ts: 1 });
    expect(got).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    deliver('web/7/3/cmd', { cmdId: 'c2', deviceId: 9, name: 'x', state: 'failed', reason: 'jammed', ts: 2 });
    expect(got).toEqual([{ cmdId: 'c2', deviceId: 9, name: 'x', state: 'failed', reason: 'jammed', ts: 2 }]);
  });

  it('follows one channel of several parks and leaves them on unmount', () => {
    const got: number[] = [];
    const view = renderHook(() => useChannelOfParks('status', [3, 4], (m) => got.push(m.deviceId)));
    deliver('web/7/4/status', { deviceId: 41, online: false, ts: 1 });
    deliver('web/7/3/status', { deviceId: 31, online: true, ts: 1 });
    expect(got).toEqual([41, 31]);
    view.unmount();
    deliver('web/7/4/status', { deviceId: 42, online: false, ts: 2 });
    expect(got).toEqual([41, 31]);
  });

  it("hears the end of the user's session and nothing else on that topic", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const codes: number[] = [];
    const off = subscribeSessionEnded(7, 11, (m) => codes.push(m.code));
    deliver('user/7/11/session', 'hello');
    deliver('user/7/11/session', { code: 906, msg: 'signed in elsewhere', sessionIds: [4] });
    off();
    deliver('user/7/11/session', { code: 907, msg: 'disabled', sessionIds: [4] });
    expect(codes).toEqual([906]);
  });
});

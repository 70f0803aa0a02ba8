import { type TapEntry, TESTING_BUFFER, type TestingMessages } from '@farmpark/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { useMessageFeed } from './useMessageFeed';

const api = vi.hoisted(() => ({ getMessages: vi.fn() }));
vi.mock('../../api/testing', () => api);

const entry = (seq: number, at = 1000 + seq): TapEntry => ({
  seq,
  at,
  direction: 'up',
  channel: 'telemetry',
  topic: 'dev/X/up/telemetry',
  payload: `{"n":${seq}}`,
  truncated: false,
  verdict: 'accepted',
  refusal: null,
  reason: '',
});
const answer = (list: TapEntry[], since = 1): TestingMessages => ({
  device: {
    deviceId: 1,
    serial: 'X',
    name: 'x',
    deviceClass: 'weatherStation',
    online: true,
    groupId: 1,
    timeZone: 'Asia/Shanghai',
  },
  since,
  list,
  dropped: 0,
});
const source = { kind: 'console', deviceId: 1 } as const;

describe('useMessageFeed', () => {
  beforeEach(() => api.getMessages.mockReset());

  it('asks from the newest message held, drops what it has by seq, and never holds more than the buffer', async () => {
    const many = Array.from({ length: TESTING_BUFFER }, (_, i) => entry(i + 1));
    api.getMessages
      .mockResolvedValueOnce(answer(many))
      .mockResolvedValueOnce(answer([entry(TESTING_BUFFER), entry(TESTING_BUFFER + 1), entry(TESTING_BUFFER + 2)]))
      .mockResolvedValue(answer([]));
    const { result, unmount } = renderHook(() => useMessageFeed(source, false));
    await waitFor(() => expect(result.current.entries.at(-1)?.seq).toBe(TESTING_BUFFER + 2), { timeout: 3000 });
    expect(result.current.entries).toHaveLength(TESTING_BUFFER);
    expect(result.current.entries[0].seq).toBe(3);
    expect(api.getMessages.mock.calls[0]).toEqual([source, undefined]);
    expect(api.getMessages.mock.calls[1]).toEqual([source, 1000 + TESTING_BUFFER]);
    unmount();
  });

  it('counts messages it missed, and starts its duplicate check over when the watch began again', async () => {
    api.getMessages
      .mockResolvedValueOnce(answer([entry(1), entry(2)]))
      .mockResolvedValueOnce(answer([entry(5)]))
      .mockResolvedValueOnce(answer([entry(1, 9000)], 2))
      .mockResolvedValue(answer([], 2));
    const { result, unmount } = renderHook(() => useMessageFeed(source, false));
    await waitFor(() => expect(result.current.entries).toHaveLength(4), { timeout: 3000 });
    expect(result.current.missed).toBe(2);
    expect(result.current.entries.map((e) => e.at)).toEqual([1001, 1002, 1005, 9000]);
    act(() => result.current.clear());
    expect(result.current.entries).toHaveLength(0);
    unmount();
  });
});

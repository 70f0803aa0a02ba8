import { describe, expect, it } from 'vitest';
import { DEFAULT_FFMPEG, hasFfmpeg } from './ffmpeg';
import { createProcessOwner, ProcessCapError, ProcessFailed } from './processes';

/** An ffmpeg that runs until told to stop (or killed), reading its stdin. */
const forever = ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=64x36:rate=5', '-f', 'null', '-'];

describe.skipIf(!hasFfmpeg)('the owner of video processes', () => {
  it('caps the server and each merchant, frees a place when a process ends, and stops all on close', async () => {
    const owner = createProcessOwner({ ffmpeg: DEFAULT_FFMPEG, maxProcesses: 3, maxPerMerchant: 2 });
    const a = owner.start({ merchantId: 1, purpose: 'live', args: forever, stdin: true });
    owner.start({ merchantId: 1, purpose: 'live', args: forever, stdin: true });
    expect(() => owner.start({ merchantId: 1, purpose: 'live', args: forever })).toThrow(
      expect.objectContaining({ fault: 'busy-merchant' }),
    );
    const c = owner.start({ merchantId: 2, purpose: 'live', args: forever, stdin: true });
    expect(() => owner.start({ merchantId: 3, purpose: 'snapshot', args: forever })).toThrow(ProcessCapError);
    expect(() => owner.start({ merchantId: null, purpose: 'probe', args: forever })).toThrow(
      expect.objectContaining({ fault: 'busy' }),
    );
    expect([owner.count(), owner.count(1), owner.count(2)]).toEqual([3, 2, 1]);
    await a.stop();
    expect(owner.count(1)).toBe(1);
    const d = owner.start({ merchantId: 1, purpose: 'live', args: forever, stdin: true });
    expect(d.alive()).toBe(true);
    await owner.close();
    expect(owner.count()).toBe(0);
    expect(c.alive()).toBe(false);
    // nothing new once closing
    expect(() => owner.start({ merchantId: 2, purpose: 'live', args: forever })).toThrow(ProcessCapError);
  }, 30_000);

  it('never writes to a child that has ended', async () => {
    const owner = createProcessOwner({ ffmpeg: DEFAULT_FFMPEG, maxProcesses: 2, maxPerMerchant: 2 });
    // refused at once: the process ends by itself and closes its stdin
    const dead = owner.start({
      merchantId: 1,
      purpose: 'live',
      args: ['-i', 'rtsp://127.0.0.1:9/x', '-f', 'null', '-'],
      stdin: true,
    });
    await dead.ended;
    expect(dead.alive()).toBe(false);
    expect(dead.feed('q')).toBe(false);
    await dead.stop(); // no EPIPE, no throw
    expect(dead.lastError()).toMatch(/Connection refused/);
    expect(owner.count()).toBe(0);
  }, 30_000);

  it('runs a job to its end, and kills one that outlives its time', async () => {
    const owner = createProcessOwner({ ffmpeg: DEFAULT_FFMPEG, maxProcesses: 2, maxPerMerchant: 2 });
    const jpg = await owner.run(
      {
        merchantId: 1,
        purpose: 'snapshot',
        args: ['-f', 'lavfi', '-i', 'testsrc2=size=64x36', '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'],
      },
      20_000,
    );
    expect(jpg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const slow = owner.run({ merchantId: 1, purpose: 'snapshot', args: forever }, 500);
    await expect(slow).rejects.toBeInstanceOf(ProcessFailed);
    await expect(slow).rejects.toMatchObject({ timedOut: true });
    expect(owner.count()).toBe(0);
  }, 30_000);
});

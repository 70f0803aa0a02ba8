import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkSource, hostOf, isLocalAddress } from './sourceGuard';

describe('stream sources that would turn the server against itself', () => {
  it('reads the host after credentials that do not parse', () => {
    expect(hostOf('rtsp://admin:pa ss"@10.0.0.9:554/x')).toBe('10.0.0.9');
    expect(hostOf('rtsp://u:a/b@cam.local/x')).toBe('cam.local');
    expect(hostOf('http://[::1]:8080/a.m3u8')).toBe('::1');
  });

  it('knows loopback, link-local, "this host" and the machine own addresses', () => {
    for (const a of [
      '127.0.0.1',
      '127.9.9.9',
      '0.0.0.0',
      '169.254.169.254',
      '::1',
      '::',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isLocalAddress(a), a).toBe(true);
    for (const list of Object.values(networkInterfaces()))
      for (const a of list ?? []) expect(isLocalAddress(a.address), a.address).toBe(true);
    for (const a of ['192.0.2.44', '10.0.0.9', '2001:db8::1', '::ffff:10.0.0.9'])
      expect(isLocalAddress(a), a).toBe(false);
  });

  it('refuses a name or a number that resolves to this host, before connecting', async () => {
    expect(await checkSource('rtsp://admin:x@localhost:554/live')).toBe('local');
    expect(await checkSource('http://127.0.0.1:8080/api/x.m3u8')).toBe('local');
    expect(await checkSource('http://2130706433/x.m3u8')).toBe('local');
    expect(await checkSource('http://[::1]:8080/x.flv')).toBe('local');
    expect(await checkSource('http://169.254.169.254/latest/x.m3u8')).toBe('local');
    expect(await checkSource('rtsp://10.0.0.9/live')).toBe('ok');
    expect(await checkSource('rtsp://no-such-camera.invalid/live')).toBe('unresolved');
  });
});

import { describe, expect, it } from 'vitest';
import { maskStreamUrl, redact, secretsOf } from './redact';

/** Passwords no "up to the next quote or space" pattern survives (issue 25). */
const HARD = [
  {
    url: 'rtsp://admin:pa ss"word@10.0.0.9:554/Streaming/Channels/101',
    password: 'pa ss"word',
    shown: 'rtsp://***@10.0.0.9:554/Streaming/Channels/101',
  },
  {
    url: "rtsp://o'brien:it's a 'secret'@cam.local/live",
    password: "it's a 'secret'",
    shown: 'rtsp://***@cam.local/live',
  },
  { url: 'rtsp://viewer:p@ss@w0rd@192.168.1.64/h264', password: 'p@ss@w0rd', shown: 'rtsp://***@192.168.1.64/h264' },
  {
    url: 'http://u:a/b c@cdn.example/live/a.m3u8?token=x',
    password: 'a/b c',
    shown: 'http://***@cdn.example/live/a.m3u8?***',
  },
  { url: 'rtsp://admin:%22q%20@10.0.0.9/x', password: '%22q%20', shown: 'rtsp://***@10.0.0.9/x' },
];

describe('credentials out of URLs, by reading them', () => {
  it.each(HARD)('masks $url for the list', ({ url, shown }) => {
    expect(maskStreamUrl(url)).toEqual({ url: shown, credentials: true });
  });

  it.each(HARD)('finds the password of $url in every spelling', ({ url, password }) => {
    const secrets = secretsOf(url);
    expect(secrets).toContain(password);
    expect(secrets).toContain(encodeURIComponent(password));
  });

  it.each(HARD)("removes the password of $url from ffmpeg's words, however it printed the URL", ({ url, password }) => {
    const words = [
      `[tcp @ 0x55] Connection to tcp://10.0.0.9:554?timeout=0 failed: Connection refused`,
      `${url}: Connection refused`,
      `Opening '${encodeURI(url)}' for reading`,
      `auth "${password}" rejected; ${encodeURIComponent(password)}`,
    ].join('\n');
    const out = redact(words, [url]);
    for (const spelling of [password, encodeURIComponent(password), encodeURI(password)])
      expect(out).not.toContain(spelling);
    expect(out).toContain('Connection refused');
  });

  it('masks the query of any URL (EZVIZ live addresses carry tokens) and keeps the sentence around it', () => {
    const out = redact(
      'https://open.ys7.com/v3/openlive/C1.m3u8?expire=1&id=2&t=secret-token: Server returned 404 Not Found',
    );
    expect(out).toBe('https://open.ys7.com/v3/openlive/C1.m3u8?***: Server returned 404 Not Found');
  });

  it('leaves URLs without credentials, and plain text, as they are', () => {
    expect(maskStreamUrl('rtsp://host/a@b')).toEqual({ url: 'rtsp://host/a@b', credentials: false });
    expect(redact('Connection refused', ['rtsp://u:p@h/x'])).toBe('Connection refused');
    expect(maskStreamUrl(null)).toEqual({ url: null, credentials: false });
  });
});

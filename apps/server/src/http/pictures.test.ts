import { Code } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { HTML_AS_JPG, picture, pngBomb } from '../test/pictures';
import { ApiError } from './apiError';
import { checkPicture, PICTURE_LIMITS } from './pictures';

async function refusal(body: unknown, limits = PICTURE_LIMITS): Promise<string> {
  const err = await checkPicture(body, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe(Code.VALIDATION);
  return (err as ApiError).messageIn('en');
}

describe('checkPicture', () => {
  it('accepts JPEG, PNG and WebP made by a real encoder, by what the bytes are', async () => {
    for (const [format, mime] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const buf = await picture(format, 80, 60);
      expect(await checkPicture(buf)).toEqual({ mime, width: 80, height: 60, bytes: buf.length });
    }
  });

  it('refuses a truncated picture after decoding it', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const whole = await picture(format, 200, 150);
      const msg = await refusal(whole.subarray(0, Math.floor(whole.length * 0.6)));
      expect(msg, format).toMatch(/^(The picture is truncated or corrupt|Not a readable JPEG, PNG or WebP picture)$/);
    }
  });

  it('refuses HTML named like a photo, other formats and an empty body, naming what is accepted', async () => {
    expect(await refusal(HTML_AS_JPG)).toBe('Not a readable JPEG, PNG or WebP picture');
    expect(await refusal(await picture('gif'))).toBe('Gif is not accepted; send JPEG, PNG or WebP');
    expect(await refusal(Buffer.alloc(0))).toBe('Send the picture bytes (JPEG, PNG or WebP)');
    expect(await refusal('not bytes')).toBe('Send the picture bytes (JPEG, PNG or WebP)');
  });

  it('refuses a decompression bomb from its header, naming the limit', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(bomb)).toBe('The picture is 20000x20000 pixels; neither side may pass 10000');
    const wide = pngBomb(9_000, 9_000);
    expect(await refusal(wide)).toBe('The picture is 9000x9000 pixels; at most 40 megapixels are accepted');
  });

  it('refuses more bytes than the limit, saying how many are allowed', async () => {
    const buf = await picture('png', 64, 48);
    expect(await refusal(buf, { ...PICTURE_LIMITS, maxBytes: 50 })).toBe('The picture is larger than 50 bytes');
  });
});

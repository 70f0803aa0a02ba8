import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { provision, uniqueSerial } from './testing';

const URL = '/api/device/uploadImage';
/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI + APP0 JFIF header) followed by bytes: enough to be recognised. */
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(2048, 7),
  Buffer.from('ffd9', 'hex'),
]);

describeEachEngine('device image upload', (env) => {
  let serial: string;
  let secret: string;
  let deviceId: number;
  beforeAll(async () => {
    serial = uniqueSerial('IMG');
    ({ deviceId, secret } = await provision(env(), await env().login('demo'), {
      serial,
      deviceClass: 'insectTrap',
      groupId: env().ids.parks.farm[0],
    }));
  });

  const upload = (body: Buffer, headers: Record<string, string>, url = URL) =>
    env().app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'image/jpeg', ...headers } });
  const images = () => env().db.selectFrom('device_images').selectAll().where('device_id', '=', deviceId).execute();

  it('refuses a wrong secret, a missing one and a session token, storing nothing', async () => {
    const attempts: Record<string, string>[] = [
      { 'x-device-serial': serial, 'x-device-secret': `${secret}x` },
      { 'x-device-serial': serial },
      { authorization: `Basic ${Buffer.from(`${serial}:nope`).toString('base64')}` },
      { AuthToken: await env().login('demo') },
    ];
    for (const headers of attempts) {
      const res = await upload(JPEG, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().code).toBe(Code.PERMISSION_DENIED);
    }
    expect(await images()).toEqual([]);
  });

  it('stores a JPEG content-addressed under DATA_DIR/images and returns its id', async () => {
    const res = await upload(
      JPEG,
      { 'x-device-serial': serial, 'x-device-secret': secret },
      `${URL}?takenAt=1795000000000`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code, body.msg).toBe(0);
    const sha = createHash('sha256').update(JPEG).digest('hex');
    expect(body.data.sha256).toBe(sha);
    const file = join(env().config.dataDir, 'images', sha.slice(0, 2), `${sha}.jpg`);
    expect(readFileSync(file).equals(JPEG)).toBe(true);
    const rows = await images();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.data.imageId,
      sha256: sha,
      mime: 'image/jpeg',
      bytes: JPEG.length,
      taken_at: 1795000000000,
    });
  });

  it('accepts HTTP Basic and PNG; the same picture twice is one file', async () => {
    const basic = {
      authorization: `Basic ${Buffer.from(`${serial}:${secret}`).toString('base64')}`,
      'content-type': 'image/png',
    };
    const a = (await upload(PNG, basic)).json();
    const b = (await upload(PNG, basic)).json();
    expect(a.code, a.msg).toBe(0);
    expect(b.data.sha256).toBe(a.data.sha256);
    expect(b.data.imageId).not.toBe(a.data.imageId);
    expect(existsSync(join(env().config.dataDir, 'images', a.data.sha256.slice(0, 2), `${a.data.sha256}.png`))).toBe(
      true,
    );
  });

  it('refuses what is not an image and what is over 10 MB', async () => {
    const auth = { 'x-device-serial': serial, 'x-device-secret': secret };
    const before = (await images()).length;
    const text = (await upload(Buffer.from('hello, not a picture'), auth)).json();
    expect(text.code).toBe(Code.VALIDATION);
    expect(text.msg).toMatch(/^body: not a JPEG or PNG image/);
    const big = await upload(Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]), auth);
    expect(big.statusCode).toBeLessThan(500);
    expect(big.json().code).toBe(Code.BAD_REQUEST);
    expect((await images()).length).toBe(before);
  });
});

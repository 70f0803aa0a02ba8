import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { provision, uniqueSerial } from '../../test/devices';
import { describeEachEngine } from '../../test/harness';
import { HTML_AS_JPG, picture, pngBomb } from '../../test/pictures';

const URL = '/api/device/uploadImage';

describeEachEngine('device image upload', (env) => {
  let serial: string;
  let secret: string;
  let deviceId: number;
  let JPEG: Buffer;
  let PNG: Buffer;
  beforeAll(async () => {
    JPEG = await picture('jpeg', 120, 90);
    PNG = await picture('png', 1, 1);
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

  it('refuses what is not a whole picture, saying why, and stores nothing', async () => {
    const auth = { 'x-device-serial': serial, 'x-device-secret': secret };
    const before = (await images()).length;
    const refused = async (body: Buffer, headers: Record<string, string> = {}) => {
      const res = await upload(body, { ...auth, ...headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(Code.VALIDATION);
      return res.json().msg as string;
    };
    expect(await refused(Buffer.from('hello, not a picture'))).toBe('Not a readable JPEG, PNG or WebP picture');
    expect(await refused(HTML_AS_JPG, { 'content-disposition': 'attachment; filename="trap.jpg"' })).toBe(
      'Not a readable JPEG, PNG or WebP picture',
    );
    const whole = await picture('png', 300, 200);
    expect(await refused(whole.subarray(0, whole.length - 40), { 'content-type': 'image/png' })).toBe(
      'The picture is truncated or corrupt',
    );
    expect(await refused(pngBomb(20_000, 20_000), { 'content-type': 'image/png' })).toBe(
      'The picture is 20000x20000 pixels; neither side may pass 10000',
    );
    const big = await upload(Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]), auth);
    expect(big.statusCode).toBeLessThan(500);
    expect(big.json().code).not.toBe(0);
    expect((await images()).length).toBe(before);
  });

  it('authenticates before reading the body: a stranger is refused without a picture being looked at', async () => {
    const res = await upload(Buffer.from('not even a picture'), { 'x-device-serial': serial, 'x-device-secret': 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(Code.PERMISSION_DENIED);
  });
});

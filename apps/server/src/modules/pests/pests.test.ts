import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Code,
  type PestCategory,
  type PestStatistics,
  type PestTrend,
  type SqdOperationResult,
  type TrapImage,
  type TrapImageDetail,
  type TrapStatus,
} from '@farmpark/contracts';
import type { VirtualDevice } from '@farmpark/simulator';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { listen, provision, simulatedDevice, uniqueSerial, untilOnline, waitFor } from '../../test/devices';
import { describeEachEngine, stopAfterAll } from '../../test/harness';

const DAY = 86_400_000;
const box = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });

async function trayPicture(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 236, b: 220 + (seed % 30) } } })
    .png()
    .toBuffer();
}

describeEachEngine('pests', (env) => {
  let demo: string;
  let intruder: string;
  let park: number;
  let trap: { deviceId: number; serial: string; secret: string; device: VirtualDevice };
  let spore: { deviceId: number; serial: string; secret: string };
  let cats: PestCategory[];
  const stop = stopAfterAll();
  const takenAt = Date.now() - 2 * 3_600_000;

  const asDevice = (d: { serial: string; secret: string }) => ({
    'x-device-serial': d.serial,
    'x-device-secret': d.secret,
  });
  async function upload(d: { serial: string; secret: string }, at: number, seed: number): Promise<number> {
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/device/uploadImage?takenAt=${at}`,
      headers: { ...asDevice(d), 'content-type': 'image/png' },
      payload: await trayPicture(seed),
    });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data.imageId;
  }
  async function report(d: { serial: string; secret: string }, imageId: number, codes: string[]) {
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/device/imageDetections',
      headers: asDevice(d),
      payload: {
        imageId,
        detections: codes.map((code, i) => ({ code, confidence: 0.9, x: 0.05 * i, y: 0.1, w: 0.04, h: 0.05 })),
      },
    });
    return res.json();
  }
  const range = () => ({
    groupId: String(park),
    kind: 'insect',
    startTime: String(takenAt - DAY),
    endTime: String(Date.now() + 60_000),
  });
  const statistics = async () =>
    (await env().get<PestStatistics>('/api/merchant/pest/getStatistics', demo, range())).data;
  const countOf = (s: PestStatistics, code: string) =>
    s.rows.find((r) => r.categoryId === cat(code).categoryId)?.count ?? 0;
  const cat = (code: string) => cats.find((c) => c.code === code) as PestCategory;

  beforeAll(async () => {
    const { tcpUrl } = await listen(env());
    demo = await env().login('demo');
    intruder = await env().login('demo2');
    park = env().ids.parks.farm[0];
    trap = await simulatedDevice(
      env(),
      demo,
      tcpUrl,
      { prefix: 'PT-IT', deviceClass: 'insectTrap', groupId: park },
      60_000,
    );
    stop(() => trap.device.stop());
    const sserial = uniqueSerial('PT-ST');
    const s = await provision(env(), demo, { serial: sserial, deviceClass: 'sporeTrap', groupId: park });
    spore = { deviceId: s.deviceId, serial: sserial, secret: s.secret };
    await untilOnline(env(), trap.deviceId, 'trap online');
    cats = (await env().get<PestCategory[]>('/api/merchant/pest/getCategoryAllList', demo, { kind: 'insect' })).data;
  });

  it('seeds the common pests once per merchant', async () => {
    expect(cats.map((c) => c.name)).toEqual(
      expect.arrayContaining(['棉铃虫', '小菜蛾', '甜菜夜蛾', '斜纹夜蛾', '烟粉虱', '蚜虫']),
    );
    expect(cat('helicoverpa_armigera').latinName).toBe('Helicoverpa armigera');
    const spores = (await env().get<PestCategory[]>('/api/merchant/pest/getCategoryAllList', demo, { kind: 'spore' }))
      .data;
    expect(spores.map((c) => c.name)).toContain('灰霉病菌');
  });

  it('stores a photo and its detections; a correction changes statistics and trend at once', async () => {
    const before = await statistics();
    const imageId = await upload(trap, takenAt, 1);
    const r = await report(trap, imageId, ['helicoverpa_armigera', 'helicoverpa_armigera', 'plutella_xylostella']);
    expect(r.code, r.msg).toBe(0);
    const mid = await statistics();
    expect(countOf(mid, 'helicoverpa_armigera') - countOf(before, 'helicoverpa_armigera')).toBe(2);
    expect(countOf(mid, 'plutella_xylostella') - countOf(before, 'plutella_xylostella')).toBe(1);

    const detail = (
      await env().get<TrapImageDetail>('/api/merchant/pest/getImageDetail', demo, { imageId: String(imageId) })
    ).data;
    expect(detail.image.total).toBe(3);
    const moth = detail.detections.find((d) => d.categoryId === cat('helicoverpa_armigera').categoryId)!;
    // relabel one box, remove another, draw a new one
    const relabel = await env().post<TrapImageDetail>('/api/merchant/pest/alterDetection', demo, {
      detectionId: moth.detectionId,
      categoryId: cat('spodoptera_exigua').categoryId,
      ...box(0.5, 0.5, 0.1, 0.1),
    });
    expect(relabel.code, relabel.msg).toBe(0);
    expect(relabel.data.image.corrected).toBe(true);
    const moved = relabel.data.detections.find((d) => d.detectionId === moth.detectionId)!;
    expect(moved).toMatchObject(box(0.5, 0.5, 0.1, 0.1));
    const diamond = relabel.data.detections.find((d) => d.categoryId === cat('plutella_xylostella').categoryId)!;
    expect((await env().post('/api/merchant/pest/removeDetection', demo, { ids: [diamond.detectionId] })).code).toBe(0);
    const added = await env().post<TrapImageDetail>('/api/merchant/pest/addDetection', demo, {
      imageId,
      categoryId: cat('bemisia_tabaci').categoryId,
      ...box(0.2, 0.2, 0.05, 0.05),
    });
    expect(added.code, added.msg).toBe(0);
    expect(added.data.detections.find((d) => d.source === 'staff')).toMatchObject({
      confidence: null,
      createdBy: 'demo',
    });

    const after = await statistics();
    expect(countOf(after, 'helicoverpa_armigera') - countOf(before, 'helicoverpa_armigera')).toBe(1);
    expect(countOf(after, 'spodoptera_exigua') - countOf(before, 'spodoptera_exigua')).toBe(1);
    expect(countOf(after, 'plutella_xylostella') - countOf(before, 'plutella_xylostella')).toBe(0);
    expect(countOf(after, 'bemisia_tabaci') - countOf(before, 'bemisia_tabaci')).toBe(1);

    const trend = (await env().get<PestTrend>('/api/merchant/pest/getTrend', demo, range())).data;
    const series = trend.series.find((s) => s.categoryId === cat('bemisia_tabaci').categoryId)!;
    expect(series.counts.reduce((a, b) => a + b, 0)).toBe(countOf(after, 'bemisia_tabaci'));
    expect(trend.temperature).toHaveLength(trend.days.length);

    const day = new Date(takenAt + 8 * 3_600_000).toISOString().slice(0, 10);
    const list = (
      await env().get<TrapImage[]>('/api/merchant/pest/getImageList', demo, {
        deviceId: String(trap.deviceId),
        date: day,
      })
    ).data;
    expect(list.find((i) => i.imageId === imageId)).toMatchObject({ total: 3, corrected: true });
  });

  it('refuses bad boxes and foreign categories naming the field, changing nothing', async () => {
    const imageId = await upload(trap, takenAt + 60_000, 2);
    const wide = await env().post('/api/merchant/pest/addDetection', demo, {
      imageId,
      categoryId: cat('aphididae').categoryId,
      ...box(0.9, 0.1, 0.2, 0.1),
    });
    expect(wide.code).toBe(Code.VALIDATION);
    expect(fieldsOf(wide)).toEqual(['w']);
    expect(wide.msg).toBe('Box width goes past the edge of the picture');
    const sporeCat = (await env().get<PestCategory[]>('/api/merchant/pest/getCategoryAllList', demo, { kind: 'spore' }))
      .data[0];
    const wrongKind = await env().post('/api/merchant/pest/addDetection', demo, {
      imageId,
      categoryId: sporeCat.categoryId,
      ...box(0.1, 0.1, 0.1, 0.1),
    });
    expect(wrongKind.code).toBe(Code.VALIDATION);
    expect(fieldsOf(wrongKind)).toEqual(['categoryId']);
    const unknown = await report(trap, imageId, ['not_a_pest']);
    expect(unknown.code).toBe(Code.VALIDATION);
    expect(unknown.msg).toContain('not_a_pest');
    const d = (
      await env().get<TrapImageDetail>('/api/merchant/pest/getImageDetail', demo, { imageId: String(imageId) })
    ).data;
    expect(d.detections).toHaveLength(0);
    expect(d.image.corrected).toBe(false);
  });

  it('serves a photo and its thumbnail to the park users only, never by file name', async () => {
    const imageId = await upload(trap, takenAt + 120_000, 3);
    const own = await env().app.inject({
      method: 'GET',
      url: `/api/merchant/image/${imageId}`,
      headers: { AuthToken: demo },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const viaCookie = await env().app.inject({
      method: 'GET',
      url: `/api/merchant/image/${imageId}/thumb`,
      cookies: { ag_merchant_token: demo },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(viaCookie.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');

    for (const url of [`/api/merchant/image/${imageId}`, `/api/merchant/image/${imageId}/thumb`]) {
      const other = await env().app.inject({ method: 'GET', url, headers: { AuthToken: intruder } });
      expect(other.json().code).toBe(Code.NOT_FOUND);
      const none = await env().app.inject({ method: 'GET', url });
      expect(none.json().code).not.toBe(0);
      expect(none.headers['content-type']).toContain('json');
    }
    const detail = await env().get('/api/merchant/pest/getImageDetail', intruder, { imageId: String(imageId) });
    expect(detail.code).toBe(Code.NOT_FOUND);
    const row = await env()
      .db.selectFrom('device_images')
      .select(['sha256'])
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    for (const guess of [
      `/images/${row.sha256.slice(0, 2)}/${row.sha256}.png`,
      `/data/images/${row.sha256.slice(0, 2)}/${row.sha256}.png`,
      `/api/merchant/image/${row.sha256}`,
      `/api/merchant/image/..%2F..%2Fimages%2F${row.sha256.slice(0, 2)}%2F${row.sha256}.png`,
    ]) {
      const res = await env().app.inject({ method: 'GET', url: guess, headers: { AuthToken: demo } });
      expect(String(res.headers['content-type'] ?? ''), guess).not.toContain('image/');
    }
  });

  it('sqdApi: photograph through the command service; the trap answers, the status follows', async () => {
    const res = await env().post<SqdOperationResult>('/sqdApi/insect/operate', demo, {
      deviceId: trap.deviceId,
      operate: 'photograph',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.commands[0]).toMatchObject({ name: 'photograph', state: 'succeeded' });
    const lamp = await env().post<SqdOperationResult>('/sqdApi/insect/operate', demo, {
      deviceId: trap.deviceId,
      operate: 'lampOn',
    });
    expect(lamp.code, lamp.msg).toBe(0);
    // the trap acknowledges, then reports its lamp: the status follows once that reading is stored
    await waitFor(
      'the lamp reported on',
      async () => {
        await new Promise((r) => setTimeout(r, 250)); // well under the per-token limit
        const s = await env().post<TrapStatus>('/sqdApi/external/deviceStatus', demo, { deviceId: trap.deviceId });
        return s.data.latest.lamp?.value === 1 ? true : undefined;
      },
      20_000,
    );
    const param = await env().post<SqdOperationResult>('/sqdApi/insect/param', demo, {
      deviceId: trap.deviceId,
      workStart: '20:00',
      workEnd: '04:30',
      photoInterval: 30,
    });
    expect(param.code, param.msg).toBe(0);
    expect(param.data.commands.map((c) => c.name)).toEqual(['setWorkPeriod', 'setPhotoInterval']);
    expect(param.data.status.workPeriod).toEqual({ start: '20:00', end: '04:30' });
    const status = await env().post<TrapStatus>('/sqdApi/external/deviceStatus', demo, { deviceId: trap.deviceId });
    expect(status.data.serial).toBe(trap.serial);
    const renamed = await env().post<TrapStatus>('/sqdApi/updateParams', demo, {
      deviceId: trap.deviceId,
      deviceName: '东区虫情灯',
    });
    expect(renamed.data.deviceName).toBe('东区虫情灯');
  });

  it('sqdApi: a failed device operation answers 1003 with the SPEC message and the reason', async () => {
    trap.device.setFault('camera lens covered');
    const res = await env().post('/sqdApi/insect/operate', demo, { deviceId: trap.deviceId, operate: 'photograph' });
    trap.device.setFault(null);
    expect(res.code).toBe(Code.DEVICE_OPERATION_FAILED);
    expect(res.msg.startsWith('操作异常，请刷新页面重试！')).toBe(true);
    expect(res.msg).toContain('camera lens covered');
    // the spore trap never connected: offline, refused at once with 1003
    const offline = await env().post('/sqdApi/updateStatus', demo, { deviceId: spore.deviceId, status: 'capture' });
    expect(offline.code).toBe(Code.DEVICE_OPERATION_FAILED);
    const bad = await env().post('/sqdApi/insect/param', demo, { deviceId: trap.deviceId, photoInterval: 2 });
    expect(bad.code).toBe(Code.VALIDATION);
    expect(fieldsOf(bad)).toEqual(['photoInterval']);
    const foreign = await env().post('/sqdApi/insect/operate', intruder, {
      deviceId: trap.deviceId,
      operate: 'photograph',
    });
    expect(foreign.code).toBe(Code.NOT_FOUND);
    const wrongClass = await env().post('/sqdApi/insect/operate', demo, {
      deviceId: spore.deviceId,
      operate: 'photograph',
    });
    expect(wrongClass.code).toBe(Code.NOT_FOUND);
  });

  it('category CRUD: add, alter, refuse removing one in use, remove an unused one', async () => {
    const add = await env().post<PestCategory>('/api/merchant/pest/addCategory', demo, {
      kind: 'insect',
      code: 'ostrinia_furnacalis',
      name: '玉米螟',
      latinName: 'Ostrinia furnacalis',
      dailyThreshold: 15,
    });
    expect(add.code, add.msg).toBe(0);
    const dup = await env().post('/api/merchant/pest/addCategory', demo, {
      kind: 'insect',
      code: 'ostrinia_furnacalis',
      name: 'x',
    });
    expect(dup.code).toBe(Code.VALIDATION);
    expect(fieldsOf(dup)).toEqual(['code']);
    const alter = await env().post<PestCategory>('/api/merchant/pest/alterCategory', demo, {
      categoryId: add.data.categoryId,
      dailyThreshold: 5,
    });
    expect(alter.data.dailyThreshold).toBe(5);
    const inUse = await env().post('/api/merchant/pest/removeCategory', demo, {
      ids: [cat('helicoverpa_armigera').categoryId],
    });
    expect(inUse.code).toBe(Code.VALIDATION);
    expect((await env().post('/api/merchant/pest/removeCategory', demo, { ids: [add.data.categoryId] })).code).toBe(0);
    const picture = async (token: string, categoryId: number) =>
      (
        await env().app.inject({
          method: 'POST',
          url: `/api/merchant/pest/uploadCategoryPicture/${categoryId}`,
          headers: { AuthToken: token, 'content-type': 'image/png' },
          payload: await trayPicture(7),
        })
      ).json();
    expect((await picture(intruder, cat('aphididae').categoryId)).code).toBe(Code.NOT_FOUND);
    const pic = await picture(demo, cat('aphididae').categoryId);
    expect(pic.code, pic.msg).toBe(0);
    expect(pic.data.hasPicture).toBe(true);
    const shown = await env().app.inject({
      method: 'GET',
      url: `/api/merchant/pest/categoryPicture/${cat('aphididae').categoryId}`,
      headers: { AuthToken: demo },
    });
    expect(shown.headers['content-type']).toBe('image/jpeg');
    const notShown = await env().app.inject({
      method: 'GET',
      url: `/api/merchant/pest/categoryPicture/${cat('aphididae').categoryId}`,
      headers: { AuthToken: intruder },
    });
    expect(notShown.json().code).toBe(Code.NOT_FOUND);
    const foreign = await env().post('/api/merchant/pest/alterCategory', intruder, {
      categoryId: cat('aphididae').categoryId,
      name: 'x',
    });
    expect(foreign.code).toBe(Code.NOT_FOUND);
  });

  it('a photo whose file is gone answers "not found" in the envelope, never an error page', async () => {
    const imageId = await upload(trap, takenAt + 180_000, 23);
    const { sha256 } = await env()
      .db.selectFrom('device_images')
      .select(['sha256'])
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    const dataDir = env().config.dataDir;
    await rm(join(dataDir, 'images', sha256.slice(0, 2), `${sha256}.png`));
    await rm(join(dataDir, 'thumbs', sha256.slice(0, 2), `${sha256}.jpg`), { force: true });
    for (const url of [`/api/merchant/image/${imageId}`, `/api/merchant/image/${imageId}/thumb`]) {
      const res = await env().app.inject({ method: 'GET', url, headers: { AuthToken: demo } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json().code, url).toBe(Code.NOT_FOUND);
    }
  });
});

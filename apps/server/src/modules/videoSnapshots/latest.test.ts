import {
  type CameraPictureItem,
  Code,
  SNAPSHOT_PATHS as P,
  type ScreenAccount,
  type SnapshotItem,
  TOKEN_COOKIE,
} from '@farmpark/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { insertDevice } from '../devices/repo';
import { cameraDevices, setUpCamera, startTestStream } from './testFixture';

/**
 * The data screens' camera tiles (issue 16): each camera of a park with its newest picture, read by a
 * console user who may watch the cameras and by a data-screen account, never beyond their parks.
 */
describeEachEngine(
  'newest camera pictures for the data screens',
  (env) => {
    let stream: Awaited<ReturnType<typeof startTestStream>>;
    let demo: string;
    /** Two cameras of the first demo park (one with a schedule), one of the second park. */
    let gate: number;
    let nursery: number;
    let other: number;
    let p1: number;
    let p2: number;
    const latest = (token: string, groupId: number) =>
      env().get<CameraPictureItem[]>(P.latest, token, { groupId: String(groupId) });
    const file = (token: string, url: string) => env().app.inject({ url, headers: { AuthToken: token } });

    beforeAll(async () => {
      stream = await startTestStream();
      const { db, ids } = env();
      [p1, p2] = ids.parks.farm;
      demo = await env().login('demo');
      // the demo's two camera devices are in the first park; the second park gets one of its own
      [gate, nursery] = (await cameraDevices(db, ids.merchant.farm)).map((c) => c.id);
      other = await insertDevice(db, {
        merchant_id: ids.merchant.farm,
        group_id: p2,
        serial: 'SCREEN-CAM-P2',
        name: '二园摄像头',
        device_class: 'camera',
        model: 'IPC',
        secret_hash: null,
        report_interval_ms: 86_400_000,
        created_at: Date.now(),
      });
      await setUpCamera(db, gate, { streamUrl: stream.url });
      await setUpCamera(db, nursery, { streamUrl: stream.url, everyMinutes: 10 });
      await setUpCamera(db, other, { streamUrl: stream.url });
    });
    afterAll(async () => {
      await stream?.close();
    });

    it('lists every camera of the park with its newest picture, or none yet, and serves that picture', async () => {
      const before = await latest(demo, p1);
      expect(before.code, before.msg).toBe(0);
      expect(before.data.find((c) => c.cameraId === nursery)).toEqual({
        cameraId: nursery,
        everyMinutes: 10,
        picture: null,
      });
      expect(before.data.find((c) => c.cameraId === gate)).toMatchObject({ everyMinutes: 0, picture: null });
      expect(before.data.map((c) => c.cameraId)).not.toContain(other);

      const first = await env().post<SnapshotItem>(P.take, demo, { cameraId: nursery });
      expect(first.code, first.msg).toBe(0);
      const second = await env().post<SnapshotItem>(P.take, demo, { cameraId: nursery });
      const now = await latest(demo, p1);
      const tile = now.data.find((c) => c.cameraId === nursery);
      expect(tile?.picture).toMatchObject({ id: second.data.id, takenAt: second.data.takenAt, width: 320 });
      expect(tile?.picture?.url).toBe(`${P.latestFile}?id=${second.data.id}`);
      expect(now.data.find((c) => c.cameraId === gate)?.picture).toBeNull();

      const pic = await file(demo, `${tile?.picture?.url}&thumb=true`);
      expect(pic.statusCode).toBe(200);
      expect(pic.headers['content-type']).toBe('image/jpeg');
      expect(pic.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    });

    it("lets a data-screen account read its park's pictures, and never another park's or merchant's", async () => {
      const otherPic = await env().post<SnapshotItem>(P.take, demo, { cameraId: other });
      expect(otherPic.code, otherPic.msg).toBe(0);
      const acc = await env().post<ScreenAccount>('/api/merchant/screenAccount/addScreenAccount', demo, {
        loginName: 'camwall',
        userName: '摄像大屏',
        loginPwd: 'screen123',
        groupIds: [p1],
      });
      expect(acc.code, acc.msg).toBe(0);
      const wall = await env().login('camwall', 'screen123');

      const seen = await latest(wall, p1);
      expect(seen.code, seen.msg).toBe(0);
      expect(seen.data).toEqual((await latest(demo, p1)).data);
      const url = seen.data.find((c) => c.cameraId === nursery)?.picture?.url as string;
      expect((await file(wall, url)).headers['content-type']).toBe('image/jpeg');
      // the cookie carries the session for a plain <img src>, as for every other picture
      const byCookie = await env().app.inject({ url, cookies: { [TOKEN_COOKIE]: wall } });
      expect(byCookie.headers['content-type']).toBe('image/jpeg');

      // another park of the same merchant: neither its list nor its picture
      expect((await latest(wall, p2)).code).toBe(Code.NOT_FOUND);
      expect((await file(wall, `${P.latestFile}?id=${otherPic.data.id}`)).json().code).toBe(Code.NOT_FOUND);
      // the seedling diary stays closed to it: only the screens' read was opened
      const diary = await env().get(P.list, wall, { cameraId: String(nursery), start: '0', end: String(Date.now()) });
      expect(diary.code).toBe(Code.PERMISSION_DENIED);

      // another merchant sees nothing of these
      const demo2 = await env().login('demo2');
      expect((await latest(demo2, p1)).code).toBe(Code.NOT_FOUND);
      expect((await file(demo2, url)).json().code).toBe(Code.NOT_FOUND);
    });
    // the test stream listens on 127.0.0.1
  },
  { VIDEO_ALLOW_LOCAL_SOURCES: 'true' },
);

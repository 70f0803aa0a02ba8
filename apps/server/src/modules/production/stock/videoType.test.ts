import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Code, type Paged, type TraceVideo } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { makeClip, seedDemoClips } from '../../../demo/clips';
import { describeEachEngine } from '../../../test/harness';
import { stockFixture } from './testFixture';
import { mp4Kind } from './videoFiles';

const P = '/api/merchant/production';

/** Clips are MP4 by their content; real files made by ffmpeg, as the demo makes its clips. */
describeEachEngine('production videos: MP4 by content', (env) => {
  const fx = stockFixture(env);
  let mp4: Buffer;
  let mov: Buffer;

  beforeAll(async () => {
    const dir = env().config.dataDir;
    // the same picture in both containers: only the brand tells them apart
    await makeClip(join(dir, 'a.mp4'), 1);
    await makeClip(join(dir, 'a.mov'), 1);
    [mp4, mov] = await Promise.all([readFile(join(dir, 'a.mp4')), readFile(join(dir, 'a.mov'))]);
  }, 60_000);

  const upload = (payload: Buffer, lang = 'zh-CN') =>
    env().app.inject({
      method: 'POST',
      url: `${P}/video/addVideo?groupId=${fx.park}&title=${encodeURIComponent('类型测试')}&shotOn=2026-06-01`,
      headers: { AuthToken: fx.demo, 'content-type': 'video/mp4', 'accept-language': lang },
      payload,
    });

  it('keeps an MP4 and refuses a QuickTime .mov with a message saying what to do', async () => {
    const ok = await upload(mp4);
    expect(ok.json().code, ok.body).toBe(0);
    const zh = await upload(mov);
    expect(zh.json()).toMatchObject({ code: Code.VALIDATION, data: [{ field: 'body', rule: 'invalid' }] });
    expect(zh.json().msg).toContain('QuickTime');
    expect(zh.json().msg).toContain('转换为 MP4');
    const en = await upload(mov, 'en-US');
    expect(en.json().msg).toContain('convert it to MP4');
    // a refused clip leaves nothing behind
    const list = await env().get<Paged<TraceVideo>>(`${P}/video/getVideoList`, fx.demo, { groupId: String(fx.park) });
    expect(list.data.list.filter((v) => v.title === '类型测试')).toHaveLength(1);
  });

  it('reads the brands of the ftyp box', () => {
    const box = (major: string, ...compatible: string[]) => {
      const size = 16 + 4 * compatible.length;
      const b = Buffer.alloc(size);
      b.writeUInt32BE(size, 0);
      b.write(`ftyp${major}`, 4, 'latin1');
      for (const [i, c] of compatible.entries()) b.write(c, 16 + 4 * i, 'latin1');
      return b;
    };
    expect(mp4Kind(mp4.subarray(0, 64))).toBe('mp4');
    expect(mp4Kind(mov.subarray(0, 64))).toBe('quicktime');
    expect(mp4Kind(box('qt  ', 'qt  '))).toBe('quicktime');
    expect(mp4Kind(box('XAVC', 'mp42', 'iso2'))).toBe('mp4');
    expect(mp4Kind(box('M4A ', 'M4A ', 'mp42').subarray(0, 16))).toBe('more');
    expect(mp4Kind(box('3gp4', '3gp4'))).toBe('other');
    expect(mp4Kind(Buffer.from('<html>not a video</html>'))).toBe('other');
    expect(mp4Kind(Buffer.alloc(4), true)).toBe('other');
  });

  it('seeds the demo clips with ffmpeg, and none (saying why) without it', async () => {
    const logged: string[] = [];
    const log = { info: (_: object, m: string) => logged.push(m), warn: (_: object, m: string) => logged.push(m) };
    const none = await seedDemoClips(env().db, env().config.dataDir, log, '/nonexistent/ffmpeg');
    expect(none).toBe(0);
    expect(logged.pop()).toContain('ffmpeg');
    expect(await seedDemoClips(env().db, env().config.dataDir, log)).toBe(3);
    const list = await env().get<Paged<TraceVideo>>(`${P}/video/getVideoList`, fx.demo, { groupId: String(fx.park) });
    const clips = list.data.list.filter((v) => v.title !== '类型测试');
    expect(clips).toHaveLength(3);
    for (const c of clips) expect(c.bytes).toBeLessThan(2 * 1024 * 1024);
    const file = await env().app.inject({
      method: 'GET',
      url: `${P}/video/getVideoFile?id=${clips[0].id}`,
      headers: { AuthToken: fx.demo },
    });
    expect(mp4Kind(file.rawPayload.subarray(0, 64))).toBe('mp4');
  }, 60_000);
});

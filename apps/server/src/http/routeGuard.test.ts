import { Code } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestEnv, describeEachEngine } from '../test/harness';

describeEachEngine('route guard', (env) => {
  it('declares a permission (or public) on every /api route', () => {
    for (const r of env().routes) {
      expect(r.public || r.permitUrl !== undefined, `${r.method} ${r.url}`).toBe(true);
    }
    expect(
      env()
        .routes.filter((r) => r.public)
        .map((r) => r.url)
        .sort(),
    ).toEqual([
      // device-authenticated (serial and secret), not user sessions
      '/api/device/imageDetections',
      '/api/device/uploadImage',
      '/api/merchant/login/loginByPassword',
      '/api/mqtt/acl',
      '/api/mqtt/auth',
      // the /download-app page: one merchant's app download links, nothing else of the merchant
      '/api/public/app/getAppLinks',
      // another host (help, the new-version screen) asks who a link token stands for; it names only its holder
      '/api/public/linkToken/check',
      // /OC: a code's state, scan count and published snapshot; a scan per visit, rate limited (trace/codes)
      '/api/public/trace/code',
      // /OC and /TC: a published batch's report files and clips, by a token of its live snapshot (trace/batches)
      '/api/public/trace/file/:token',
      // /01/{gtin} without a serial (GS1 Digital Link): the product's public page, no code counted (trace/codes)
      '/api/public/trace/product',
      // /TC: one tree's public fields and photos by its code, rate limited per address (modules/trace/trees)
      '/api/public/trace/tree',
      '/api/public/trace/tree/photo/:code/:photoId',
      // device debugging for installers: serial and secret, then a one-device token (modules/testing)
      '/api/testing/deviceLogin',
      '/api/testing/getDeviceMessageList',
      '/api/testing/sendCommand',
      // HLS playlists and segments: a token signed by the play route for one camera, minutes long (modules/video)
      '/api/video/stream/:cameraId/:file',
    ]);
  });

  it('answers an unknown /api path with 1005 and HTTP 404', async () => {
    const res = await env().get('/api/merchant/nothing/here');
    expect(res).toMatchObject({ status: 404, code: Code.NOT_FOUND });
  });

  it('serves a page (not a 404) for console routes even when the console is not built', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/park/parkInfo' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('not built');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/merchant/group/addGroup');
  });
});

/** Why the app fails to start once `addRoute` added a route to it (undefined if it starts). */
async function startupFailure(addRoute: (app: FastifyInstance) => void): Promise<unknown> {
  const env = await createTestEnv('sqlite');
  // A second app on the same database, not started yet, as a module adding a route would see it.
  const { app } = await buildApp({ config: env.config, db: env.db, broker: env.broker });
  try {
    addRoute(app);
    await app.ready();
    return undefined;
  } catch (err) {
    return err;
  } finally {
    await app.close();
    await env.close();
  }
}

it('fails startup when an /api route declares neither permitUrl nor public', async () => {
  const failure = await startupFailure((app) => app.get('/api/merchant/forgotten/route', async () => ({ code: 0 })));
  expect(String(failure)).toMatch(/declares neither config.permitUrl nor config.public/);
});

it('fails startup when a route names an unknown page among the others that open it', async () => {
  const config = { permitUrl: '/videoEqui/video', alsoPermitUrls: ['/videoEqui/nowhere'] };
  const failure = await startupFailure((app) =>
    app.get('/api/merchant/several/pages', { config }, async () => ({ code: 0 })),
  );
  expect(String(failure)).toMatch(/unknown permitUrl \/videoEqui\/nowhere/);
});

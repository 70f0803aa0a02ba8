import {
  addTimelapseBody,
  alarmSnapshotsQuery,
  CLASS_PERMIT_URL,
  groupIdQuery,
  SNAPSHOT_PATHS as P,
  snapshotDaysQuery,
  snapshotFileQuery,
  snapshotIdQuery,
  snapshotListQuery,
  takeSnapshotBody,
  timelapseListQuery,
} from '@farmpark/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authHook';
import { ok } from '../../http/envelope';
import { readPicture, sendPicture } from '../../http/pictures';
import { requirePark, scopeOf } from '../../http/scope';
import type { Alarms } from '../alarms/runtime';
import type { ModuleDeps } from '../context';
import type { ImageMime } from '../devices/imageStore';
import { createImageFiles } from '../pests/imageFiles';
import type { Video } from '../video/runtime';
import type { SnapshotRow } from './repo';
import { createVideoSnapshots, type VideoSnapshots } from './runtime';

const SEEDLING = '/videoEqui/seedling';
const ALARMS = '/alarm/alarmList';

/**
 * Camera pictures and time-lapses (issue 15): browsing, the take-now button and time-lapse jobs on the
 * seedling page's permission; an alarm's pictures on the alarm record's. Registering also hooks new
 * alarms to their pictures. The schedule is started by main.ts under the cluster's `devices` lease, so
 * several processes take one picture per slot (tests drive it directly).
 */
export function videoSnapshotRoutes(
  app: FastifyInstance,
  deps: ModuleDeps & { alarms: Alarms; video: Video },
): VideoSnapshots {
  const { db, config } = deps;
  const pictures = createVideoSnapshots({
    db,
    dataDir: config.dataDir,
    tzName: config.tzName,
    owner: deps.video.owner,
    capture: deps.video.capture,
    log: app.log,
  });
  const { snapshots, timelapses } = pictures;
  deps.alarms.lifecycle.onRaised((a) => pictures.onAlarmRaised(a));
  app.addHook('onClose', async () => pictures.stop());
  const files = createImageFiles(deps.config.dataDir);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];
  const send = async (reply: FastifyReply, s: SnapshotRow, thumb: boolean) => {
    const what = `id ${s.id}: snapshot`;
    const mime = s.mime as ImageMime;
    const buf = await readPicture(what, () => (thumb ? files.thumb(s.sha256, mime) : files.original(s.sha256, mime)));
    return sendPicture(reply, buf, thumb ? 'image/jpeg' : mime);
  };

  r.get(P.list, { config: { permitUrl: SEEDLING }, schema: { tags, querystring: snapshotListQuery } }, async (req) =>
    ok(await snapshots.list(scopeOf(authOf(req)), req.query)),
  );
  r.get(P.days, { config: { permitUrl: SEEDLING }, schema: { tags, querystring: snapshotDaysQuery } }, async (req) =>
    ok(await snapshots.days(scopeOf(authOf(req)), req.query)),
  );
  r.get(
    P.file,
    { config: { permitUrl: SEEDLING }, schema: { tags, querystring: snapshotFileQuery } },
    async (req, reply) => send(reply, await snapshots.picture(scopeOf(authOf(req)), req.query.id), req.query.thumb),
  );
  r.post(P.take, { config: { permitUrl: SEEDLING }, schema: { tags, body: takeSnapshotBody } }, async (req) =>
    ok(await snapshots.take(scopeOf(authOf(req)), req.body.cameraId)),
  );
  r.get(P.ofAlarm, { config: { permitUrl: ALARMS }, schema: { tags, querystring: alarmSnapshotsQuery } }, async (req) =>
    ok(await snapshots.ofAlarm(scopeOf(authOf(req)), req.query.alarmId)),
  );
  r.get(
    P.alarmFile,
    { config: { permitUrl: ALARMS }, schema: { tags, querystring: snapshotFileQuery } },
    async (req, reply) =>
      send(reply, await snapshots.picture(scopeOf(authOf(req)), req.query.id, true), req.query.thumb),
  );

  // The data screens' camera tiles: each camera's newest picture, for anyone who may watch the park's cameras
  // (a watcher can take a live picture anyway) and for data-screen accounts, within their parks.
  const SCREEN = { permitUrl: CLASS_PERMIT_URL.camera, screenAccess: true };
  r.get(P.latest, { config: SCREEN, schema: { tags, querystring: groupIdQuery } }, async (req) => {
    const auth = authOf(req);
    requirePark(auth, req.query.groupId);
    return ok(await snapshots.newestOfPark(scopeOf(auth), req.query.groupId));
  });
  r.get(P.latestFile, { config: SCREEN, schema: { tags, querystring: snapshotFileQuery } }, async (req, reply) =>
    send(reply, await snapshots.picture(scopeOf(authOf(req)), req.query.id), req.query.thumb),
  );

  r.post(P.addTimelapse, { config: { permitUrl: SEEDLING }, schema: { tags, body: addTimelapseBody } }, async (req) => {
    const auth = authOf(req);
    return ok(await timelapses.add(scopeOf(auth), auth.userId, req.body));
  });
  r.get(
    P.timelapseList,
    { config: { permitUrl: SEEDLING }, schema: { tags, querystring: timelapseListQuery } },
    async (req) => ok(await timelapses.list(scopeOf(authOf(req)), req.query.cameraId)),
  );
  r.get(
    P.timelapseDetail,
    { config: { permitUrl: SEEDLING }, schema: { tags, querystring: snapshotIdQuery } },
    async (req) => ok(await timelapses.detail(scopeOf(authOf(req)), req.query.id)),
  );
  r.get(
    P.timelapseFile,
    { config: { permitUrl: SEEDLING }, schema: { tags, querystring: snapshotIdQuery } },
    async (req, reply) => {
      const f = await timelapses.file(scopeOf(authOf(req)), req.query.id);
      const stream = await timelapses.open(f.path);
      return reply
        .header('content-type', 'video/mp4')
        .header('content-length', f.bytes)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="timelapse-${f.row.camera_id}-${f.row.id}.mp4"`)
        .send(stream);
    },
  );
  return pictures;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EzvizSim, startEzvizSim } from '../../video-sim/ezvizSim';
import { DEFAULT_FFMPEG } from './ffmpeg';

/** The EZVIZ simulator as the video tests use it: one PTZ camera, one fixed, one offline. */
export const SIM_KEY = { appKey: 'sim-app-key', appSecret: 'sim-secret-never-in-a-response' };
export const SIM_SERIALS = { ptz: 'SIMPTZ001', fixed: 'SIMFIX002', offline: 'SIMOFF003' };

export async function startTestSim(idleMs = 4000): Promise<EzvizSim> {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-ezviz-sim-'));
  const sim = await startEzvizSim({
    ...SIM_KEY,
    ffmpeg: DEFAULT_FFMPEG,
    font: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    dir,
    idleMs,
    // Pictures are compared for "nothing moved" at every zoom (video-sim/pictureChange.ts).
    movingBox: false,
    devices: [
      { serial: SIM_SERIALS.ptz, channelNo: 1, name: 'PTZ 云台', ptz: true },
      { serial: SIM_SERIALS.fixed, channelNo: 1, name: 'Fixed 枪机', ptz: false },
      { serial: SIM_SERIALS.offline, channelNo: 1, name: 'Offline', ptz: false, offline: true },
    ],
  });
  return {
    ...sim,
    async close() {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

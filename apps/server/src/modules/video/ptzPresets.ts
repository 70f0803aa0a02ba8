import { type AddPtzPresetBody, Code, PTZ_PRESETS_MAX, type PtzPreset } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { AuthContext } from '../auth/sessions';
import { ezvizPresetAdd, ezvizPresetCall } from './ezvizClient';
import { failureError } from './faults';
import * as presets from './ptzPresetsRepo';
import type { CameraRow } from './repo';
import { cameraOf } from './service';
import { ezvizDeps, ezvizFailure, ezvizTarget } from './source';

type Deps = { db: Db; config: Config };

/** A camera the caller may steer: one of their parks' (else "not found"), with PTZ, through EZVIZ. */
export async function steerable(db: Db, auth: AuthContext, cameraId: number): Promise<CameraRow> {
  const cam = await cameraOf(db, auth, cameraId);
  if (cam.ptz !== 1)
    throw new ApiError(Code.DEVICE_OPERATION_FAILED, { en: 'This camera has no PTZ', zh: '该摄像头不支持云台' });
  if (cam.kind !== 'ezviz')
    throw new ApiError(Code.DEVICE_OPERATION_FAILED, {
      en: 'PTZ works for EZVIZ cameras (stream URLs carry no PTZ control)',
      zh: '云台仅支持萤石云摄像头（视频流地址不带云台控制）',
    });
  return cam;
}

/** EZVIZ's refusal in words, after what was being done. */
const failed = (zh: string, en: string) => (err: unknown) => {
  throw failureError(ezvizFailure(err), { prefix: { zh, en } });
};

const toPreset = (r: { id: number; device_id: number; name: string }): PtzPreset => ({
  id: r.id,
  cameraId: r.device_id,
  name: r.name,
});

export async function presetList(db: Db, auth: AuthContext, cameraId: number): Promise<PtzPreset[]> {
  await cameraOf(db, auth, cameraId);
  return (await presets.presetsOf(db, auth.merchantId, cameraId)).map(toPreset);
}

/** Keeps where the camera points now, under the name given. */
export async function addPreset(deps: Deps, auth: AuthContext, body: AddPtzPresetBody): Promise<PtzPreset> {
  const cam = await steerable(deps.db, auth, body.cameraId);
  if ((await presets.presetsOf(deps.db, auth.merchantId, cam.id)).length >= PTZ_PRESETS_MAX)
    throw new ApiError(Code.VALIDATION, {
      en: `A camera keeps at most ${PTZ_PRESETS_MAX} presets: remove one first`,
      zh: `每个摄像头最多保存 ${PTZ_PRESETS_MAX} 个预置位，请先删除一个`,
    });
  const index = await ezvizPresetAdd(ezvizDeps(deps), ezvizTarget(cam)).catch(
    failed('保存预置位失败', 'Saving the preset failed'),
  );
  const row = { device_id: cam.id, preset_index: index, name: body.name };
  return toPreset({ ...row, id: await presets.insertPreset(deps.db, auth.merchantId, row) });
}

/** The preset if the caller may steer its camera; else "not found", like one that does not exist. */
async function presetOf(db: Db, auth: AuthContext, id: number) {
  const preset = await presets.presetById(db, auth.merchantId, id);
  if (!preset) throw new ApiError(Code.NOT_FOUND, { en: 'This preset no longer exists', zh: '该预置位已不存在' });
  return { preset, cam: await steerable(db, auth, preset.device_id) };
}

export async function gotoPreset(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const { preset, cam } = await presetOf(deps.db, auth, id);
  await ezvizPresetCall(ezvizDeps(deps), ezvizTarget(cam), 'move', preset.preset_index).catch(
    failed('转到预置位失败', 'Turning to the preset failed'),
  );
}

/** Forgets the preset here and on the camera (a camera that lost it already is no reason to keep the name). */
export async function removePreset(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const { preset, cam } = await presetOf(deps.db, auth, id);
  await ezvizPresetCall(ezvizDeps(deps), ezvizTarget(cam), 'clear', preset.preset_index).catch(() => {
    // EZVIZ's own copy is the camera's; the list is ours
  });
  await presets.deletePreset(deps.db, auth.merchantId, id);
}

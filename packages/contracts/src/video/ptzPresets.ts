import { z } from 'zod';
import { id } from '../envelope';
import { text } from '../production/coreValues';

/**
 * PTZ presets (issue 25, point 6): a PTZ camera's saved positions, named, to go back to with one click.
 * The camera keeps the position under a number (EZVIZ `preset/add` answers it); FarmPark keeps the name.
 * Whoever may watch and steer the camera may keep and use them.
 *
 *   GET  /api/merchant/video/camera/presets?cameraId=   PtzPreset[] (in the order saved)
 *   POST /api/merchant/video/camera/preset/add          {cameraId, name} -> PtzPreset (where the camera is now)
 *   POST /api/merchant/video/camera/preset/goto         {id} -> null (the camera turns to it)
 *   POST /api/merchant/video/camera/preset/remove       {id} -> null
 */

/** Presets one camera keeps (EZVIZ devices keep more; a wall tile's list stays short enough to choose from). */
export const PTZ_PRESETS_MAX = 20;

export interface PtzPreset {
  id: number;
  cameraId: number;
  name: string;
}

export const ptzPresetListQuery = z.object({ cameraId: id });
export const addPtzPresetBody = z.object({ cameraId: id, name: text(40, 1) });
export type AddPtzPresetBody = z.infer<typeof addPtzPresetBody>;
export const ptzPresetIdBody = z.object({ id });

import { z } from 'zod';
import type { SendCommandResult } from './commandsApi';
import { id } from './envelope';
import { ruleIssue } from './errorDetail';
import { hhmmField } from './requestValues';
import { workWindowTogether } from './rules';
import { type LatestValue, langParam } from './telemetry';

/** Insecticidal lamps (SPEC §7 `device/getLightDeviceList`, `light/updateLight`). */

export const lightListQuery = z.object({ groupId: id, lang: langParam });

export const updateLightBody = z
  .object({
    deviceId: id,
    name: z.string().trim().min(1).max(100).optional(),
    workStart: hhmmField().optional(),
    workEnd: hhmmField().optional(),
  })
  .superRefine((b, ctx) => {
    workWindowTogether(b, ctx);
    if (b.name === undefined && b.workStart === undefined)
      ctx.addIssue(ruleIssue(['name'], 'eitherOf', { others: 'workStart,workEnd' }));
  });
export type UpdateLightBody = z.infer<typeof updateLightBody>;

/** A lamp or camera as its park's list shows it: which device, whether it is up, where it stands. */
interface ParkDeviceItem {
  deviceId: number;
  serial: string;
  deviceName: string;
  groupId: number;
  online: boolean;
  lastReportAt: number | null;
  longitude: number | null;
  latitude: number | null;
}

export interface LightDevice extends ParkDeviceItem {
  /** Latest value of each lamp parameter (lamp, mode, killCount, rain, lightLevel, voltage, battery). */
  latest: Record<string, LatestValue>;
  /** The last work window the lamp confirmed; null when none was ever set (the lamp works dusk to dawn). */
  workWindow: { start: string; end: string } | null;
}

export interface UpdateLightResult {
  device: LightDevice;
  /** The setWorkWindow command when a window was given (follow it on `web/.../cmd`), else null. */
  command: SendCommandResult | null;
}

/** `light/getLightBySerial`: one lamp of the caller's parks by its serial. */
export const lightBySerialQuery = z.object({
  serial: z.string().trim().min(1).max(64),
  lang: langParam,
});

/**
 * The lamp cloud token of the caller's merchant (`light/getAccessToken`, `light/refreshAccessToken`).
 * Never the token or the vendor key themselves: only whether one is valid and until when.
 */
export interface LightAccessTokenStatus {
  /** false: FarmPark's own lamps (no vendor cloud configured) need no token. */
  required: boolean;
  valid: boolean;
  /** Epoch ms; null when no token was ever fetched. */
  expiresAt: number | null;
  refreshedAt: number | null;
}

/** Cameras of a park (SPEC §7 `camera/getCameraListByGroupId`): the camera-class devices of device management. */
export const cameraListQuery = z.object({ groupId: id });

export type CameraItem = ParkDeviceItem;

import type { LightDevice, UpdateLightBody, UpdateLightResult } from '@farmpark/contracts';
import { get, post } from './request';

export const getLightDeviceList = (groupId: number) =>
  get<LightDevice[]>('/api/merchant/device/getLightDeviceList', { groupId });

/** Silent: a refused work window is shown beside the lamp it was meant for. */
export const updateLight = (body: UpdateLightBody) =>
  post<UpdateLightResult>('/api/merchant/light/updateLight', body, { json: true, silent: true });

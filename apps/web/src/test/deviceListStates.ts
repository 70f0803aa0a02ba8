import type { DeviceParamConfig } from '@farmpark/contracts';
import { type RenderResult, screen } from '@testing-library/react';
import { expect, type Mock } from 'vitest';
import { RequestError } from '../api/request';

/**
 * What a panel over one family of a park's devices shows while their list loads (a skeleton), for an
 * empty park, and when the list fails. `render` draws the panel; `getList` is the mocked list request.
 * The failed render is left mounted and returned, for the caller's own checks of it.
 */
export async function expectDeviceListStates(getList: Mock, render: () => RenderResult): Promise<RenderResult> {
  let answer: (list: DeviceParamConfig[]) => void = () => {};
  getList.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const first = render();
  expect(first.container.querySelector('.ant-skeleton-active')).not.toBeNull();
  answer([]);
  expect(await screen.findByText('当前园区没有此类设备')).toBeTruthy();
  first.unmount();

  getList.mockRejectedValueOnce(new RequestError('api', '参数配置读取失败', 1500));
  const failed = render();
  expect(await screen.findByText('参数配置读取失败')).toBeTruthy();
  return failed;
}

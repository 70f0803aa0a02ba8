import type { DeviceInfo } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import '../../../test/jsdomShims';
import { renderWithClient } from '../../../test/renderWithClient';
import { weatherStation } from '../../../test/telemetryFixtures';
import ParamsDrawer from './ParamsDrawer';

// The server is stood in for at the API module (its own tests cover what it does with an empty name).
const api = vi.hoisted(() => ({ getDeviceParamConfig: vi.fn(), alterDeviceParamConfig: vi.fn() }));
vi.mock('../../../api/devices', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/devices')>()),
  ...api,
}));
configure({ asyncUtilTimeout: 10_000 });

const DEVICE = { deviceId: 11, deviceName: '一号气象站', deviceClass: 'weatherStation' } as DeviceInfo;

describe('ParamsDrawer', { timeout: 30_000 }, () => {
  it('says that an emptied name goes back to the model name, and saves it as such', async () => {
    api.getDeviceParamConfig.mockResolvedValue(
      weatherStation({
        params: weatherStation().params.map((p) => ({ ...p, name: p.key === 'airTemp' ? '棚外温度' : p.name })),
      }),
    );
    api.alterDeviceParamConfig.mockResolvedValue(null);
    const onClose = vi.fn();
    renderWithClient(<ParamsDrawer device={DEVICE} onClose={onClose} />);
    const input = (await screen.findByTestId('param-name-airTemp')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('棚外温度'));
    expect(screen.queryByTestId('param-name-airTemp-reset')).toBeNull();
    fireEvent.change(input, { target: { value: '  ' } });
    expect((await screen.findByTestId('param-name-airTemp-reset')).textContent).toBe(
      '名称为空：保存后恢复默认名称“空气温度”',
    );
    fireEvent.click(screen.getByTestId('params-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, sent] = api.alterDeviceParamConfig.mock.calls[0];
    expect(sent.find((p: { key: string }) => p.key === 'airTemp').name).toBe('  ');
    expect(await screen.findByText('变量设置已保存，1 个名称已恢复默认')).toBeTruthy();
  });
});

import type { PlotSensors, UpdatePlotSensorsBody } from '@farmpark/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../test/jsdomShims';
import '../../../../i18n';
import { RequestError } from '../../../../api/request';
import { renderWithClient } from '../../../../test/renderWithClient';

const cabinet = { deviceId: 5, deviceName: '5号棚环境控制柜', deviceClass: 'envCabinet' };
const trap = { deviceId: 7, deviceName: '虫情测报灯', deviceClass: 'insectTrap' };
const defaults: PlotSensors = {
  areaPointId: 3,
  areaPointName: '5号连栋温室',
  source: 'default',
  sensors: [{ ...cabinet, keys: ['airTemp', 'airHumidity'], placement: 'indoor', why: 'inPlot' }],
  defaults: [{ ...cabinet, keys: ['airTemp', 'airHumidity'], placement: 'indoor', why: 'inPlot' }],
  devices: [
    { ...cabinet, keys: ['airTemp', 'airHumidity'], inPlot: true },
    { ...trap, keys: ['airTemp', 'airHumidity', 'chamberTemp'], inPlot: false },
  ],
};
const getPlotSensors = vi.fn(async (): Promise<PlotSensors> => defaults);
const updatePlotSensors = vi.fn(async (_b: UpdatePlotSensorsBody): Promise<PlotSensors> => defaults);
vi.mock('../../../../api/production', () => ({ getPlotSensors, updatePlotSensors }));
const { default: PlotSensorsDialog } = await import('./PlotSensorsDialog');

function open() {
  renderWithClient(<PlotSensorsDialog groupId={2} areaPointId={3} onClose={() => {}} />);
}

describe('PlotSensorsDialog', () => {
  it('shows the defaults, sends the ticked sensors, and puts a refusal under the row it names', async () => {
    open();
    expect(await screen.findByText('默认：在地块内')).toBeTruthy();
    expect(screen.getByTestId('plot-sensors-source').textContent).toContain('默认');
    const trapRow = screen.getByTestId('plot-sensor-7');
    fireEvent.click(within(trapRow).getByRole('checkbox'));

    updatePlotSensors.mockRejectedValueOnce(
      new RequestError('api', '第 2 个传感器的参数：虫情测报灯不测量“chamberTemp”', 1001, [
        { field: 'sensors.1.keys', rule: 'notMeasured', params: { value: 'chamberTemp', device: '虫情测报灯' } },
      ]),
    );
    fireEvent.click(screen.getByTestId('plot-sensors-save'));
    await waitFor(() => expect(updatePlotSensors).toHaveBeenCalledTimes(1));
    expect(updatePlotSensors.mock.calls[0][0]).toEqual({
      groupId: 2,
      areaPointId: 3,
      sensors: [
        { deviceId: 5, keys: ['airTemp', 'airHumidity'], placement: 'indoor' },
        { deviceId: 7, keys: ['airTemp', 'airHumidity', 'chamberTemp'], placement: 'outdoor' },
      ],
    });
    // the server's second sensor is the dialog's second row: the message stands under the trap's parameters
    await waitFor(() => expect(within(trapRow).getByText(/虫情测报灯不测量“chamberTemp”/)).toBeTruthy());

    // saved: the dialog shows what the server answered, not what was sent
    updatePlotSensors.mockResolvedValueOnce({
      ...defaults,
      source: 'explicit',
      sensors: [{ ...cabinet, keys: ['airTemp'], placement: 'indoor', why: 'bound' }],
    });
    fireEvent.click(screen.getByTestId('plot-sensors-save'));
    await waitFor(() => expect(screen.getByTestId('plot-sensors-source').textContent).toContain('已指定'));
    expect(screen.getByTestId('plot-sensors-defaults')).toBeTruthy();
  });
});

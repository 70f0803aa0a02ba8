import type { DeviceParamConfig, ParamView } from '@farmpark/contracts';

const param = (p: Partial<ParamView> & Pick<ParamView, 'key' | 'name'>): ParamView => ({
  unit: '',
  decimals: 1,
  group: 'air',
  sort: 0,
  hidden: false,
  min: -40,
  max: 80,
  kind: 'measure',
  ...p,
});

/** A weather station as getInitParamConfigList describes it: two groups, a hidden parameter, latest values. */
export function weatherStation(over: Partial<DeviceParamConfig> = {}): DeviceParamConfig {
  return {
    deviceId: 11,
    serial: 'QX-0001',
    deviceName: '一号气象站',
    deviceClass: 'weatherStation',
    model: 'QX-8',
    online: true,
    lastReportAt: Date.now() - 5 * 60_000,
    groups: [
      { key: 'air', name: '空气', sort: 1 },
      { key: 'rain', name: '降雨', sort: 2 },
    ],
    params: [
      param({ key: 'airTemp', name: '空气温度', unit: '°C', sort: 1 }),
      param({ key: 'airHumidity', name: '空气湿度', unit: '%RH', decimals: 0, sort: 2, min: 0, max: 100 }),
      param({ key: 'dewPoint', name: '露点', unit: '°C', sort: 3, hidden: true }),
      param({ key: 'rainfall', name: '降雨量', unit: 'mm', group: 'rain', sort: 1, kind: 'counter', min: 0, max: 500 }),
      param({ key: 'rain', name: '雨雪', group: 'rain', sort: 2, kind: 'state', min: 0, max: 1, decimals: 0 }),
    ],
    latest: {
      airTemp: { value: 23.46, ts: Date.now() - 5 * 60_000, prev: 22.9 },
      airHumidity: { value: 61, ts: Date.now() - 5 * 60_000, prev: 61 },
      rainfall: { value: 1.2, ts: Date.now() - 5 * 60_000, prev: 1.2 },
      rain: { value: 0, ts: Date.now() - 5 * 60_000, prev: 0 },
    },
    ...over,
  };
}

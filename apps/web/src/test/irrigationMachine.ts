import { type IrrigationMachine, PUMP_DEFAULTS } from '@farmpark/contracts';

/** An idle, online water-fertiliser machine (device 5) with the default pump protection, as the machine list sends it. */
export const idleFertigationMachine: IrrigationMachine = {
  deviceId: 5,
  serial: 'WF-1',
  deviceName: '水肥一体机 1',
  deviceClass: 'waterFertilizer',
  online: true,
  lastReportAt: 1,
  state: 'idle',
  currentZone: null,
  latest: {},
  activeRun: null,
  settings: { ...PUMP_DEFAULTS, own: false },
};

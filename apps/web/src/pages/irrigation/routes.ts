import type { ComponentType } from 'react';
import { lazyPage } from '../../router/lazyPage';

/** Irrigation pages by catalogue path (one lazy chunk, named exports). */
type Page = ComponentType<Record<string, never>>;
const irr = (name: keyof typeof import('./index')) =>
  lazyPage<Record<string, never>>(async () => ({ default: (await import('./index'))[name] as Page }));

export const IRRIGATION_PAGES: Record<string, ComponentType> = {
  '/irrigation/irrigationSystem/listOfEquipment': irr('SystemEquipment'),
  '/irrigation/irrigationSystem/historicalData': irr('SystemHistory'),
  '/irrigation/irrigationSystem/operationRecord': irr('SystemOperation'),
  '/irrigation/irrigationSystem/runningRecord': irr('SystemRunning'),
  '/irrigation/irrigationController/realTimeData': irr('ControllerRealtime'),
  '/irrigation/irrigationController/historicalData': irr('ControllerHistory'),
  '/irrigation/irrigationController/operationRecord': irr('ControllerOperation'),
  '/irrigation/irrigationController/dataAnalysis': irr('ControllerAnalysis'),
  '/irrigation/irrigationAuto/realTimeData': irr('AutoRealtime'),
  '/irrigation/irrigationAuto/historicalData': irr('AutoHistory'),
  '/irrigation/irrigationAuto/operationRecord': irr('AutoOperation'),
  '/irrigation/irrigationAuto/dataAnalysis': irr('AutoAnalysis'),
  '/irrigation/irrigationAuto/smartIrrigation': irr('AutoSmart'),
  '/irrigation/valve/realTimeData': irr('ValveRealtime'),
  '/irrigation/valve/operationRecord': irr('ValveOperation'),
};

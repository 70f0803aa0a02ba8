import type { ComponentType } from 'react';
import { lazyPage } from '../router/lazyPage';

/** Monitoring and control pages by catalogue path (one chunk per section, named exports). */
type Page = ComponentType<Record<string, never>>;
const monitoring = (name: keyof typeof import('../pages/monitoring')) =>
  lazyPage<Record<string, never>>(async () => ({ default: (await import('../pages/monitoring'))[name] as Page }));
const ehc = (name: keyof typeof import('../pages/envControl/ehc')) =>
  lazyPage<Record<string, never>>(async () => ({ default: (await import('../pages/envControl/ehc'))[name] as Page }));

export const MONITORING_PAGES: Record<string, ComponentType> = {
  '/outdoorsEquipment/weatherWatches/realTimeData': monitoring('WeatherRealtime'),
  '/outdoorsEquipment/weatherWatches/historicalData': monitoring('WeatherHistory'),
  '/outdoorsEquipment/weatherWatches/dataAnalysis': monitoring('WeatherAnalysis'),
  '/outdoorsEquipment/moistureMonitoring/realTimeData': monitoring('SoilRealtime'),
  '/outdoorsEquipment/moistureMonitoring/historicalData': monitoring('SoilHistory'),
  '/outdoorsEquipment/moistureMonitoring/dataAnalysis': monitoring('SoilAnalysis'),
  '/outdoorsEquipment/ehc/realTimeData': monitoring('EnvironmentRealtime'),
  '/outdoorsEquipment/ehc/historicalData': monitoring('EnvironmentHistory'),
  '/outdoorsEquipment/ehc/dataAnalysis': monitoring('EnvironmentAnalysis'),
  '/envControl/ehc/realTimeData': ehc('EhcRealtime'),
  '/envControl/ehc/historicalData': ehc('EhcHistory'),
  '/envControl/ehc/operationRecord': ehc('EhcOperationRecord'),
  '/envControl/ehc/dataAnalysis': ehc('EhcAnalysis'),
  '/plantProtect/insecticidalLamp/realTimeData': lazyPage(() => import('../pages/plantProtect/insecticidalLamp')),
};

import type { ComponentType } from 'react';
import { lazyPage } from '../router/lazyPage';

/** Pest and spore monitoring pages by catalogue path (one chunk, named exports). */
type Page = ComponentType<Record<string, never>>;
const pests = (name: keyof typeof import('../pages/pests')) =>
  lazyPage<Record<string, never>>(async () => ({ default: (await import('../pages/pests'))[name] as Page }));

export const PEST_PAGES: Record<string, ComponentType> = {
  '/outdoorsEquipment/worm/deviceStatus': pests('WormDeviceStatus'),
  '/outdoorsEquipment/worm/imageAnalysis': pests('WormImageAnalysis'),
  '/outdoorsEquipment/worm/wormStatistical': pests('WormStatistical'),
  '/outdoorsEquipment/worm/wormTrend': pests('WormTrend'),
  '/outdoorsEquipment/worm/wormCategory': pests('WormCategory'),
  '/outdoorsEquipment/worm/HistoricalData': pests('WormHistory'),
  '/outdoorsEquipment/worm/operationRecord': pests('WormOperationRecord'),
  '/outdoorsEquipment/spore/deviceStatus': pests('SporeDeviceStatus'),
  '/outdoorsEquipment/spore/imageAnalysis': pests('SporeImageAnalysis'),
  '/outdoorsEquipment/spore/HistoricalData': pests('SporeHistory'),
  '/outdoorsEquipment/spore/operationRecord': pests('SporeOperationRecord'),
};

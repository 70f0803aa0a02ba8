/**
 * Which later piece of work fills the pages that are not built yet, keyed by the top section of the
 * path (i18n keys under `capability.`). A page that is built maps to its own component instead.
 */
export const SECTION_CAPABILITY: Record<string, string> = {
  irrigation: 'irrigation',
  outdoorsEquipment: 'monitoring',
  envControl: 'greenhouse',
  plantProtect: 'plantProtection',
  videoEqui: 'video',
  system: 'system',
  productionManagement: 'production',
  tracingCenter: 'traceability',
  alarm: 'alarms',
  park: 'parkMap',
  testing: 'devices',
  OC: 'traceability',
  TC: 'traceability',
  'large-screen': 'dataScreens',
  'large-screen-tint': 'dataScreens',
};

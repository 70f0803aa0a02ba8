/** The console pages whose permissions open the production core's routes. */
export const PERMITS = {
  personnel: '/productionManagement/personnel',
  plant: '/productionManagement/plant',
  standard: '/productionManagement/growthStage',
  harvest: '/productionManagement/pickToStorage',
} as const;
export const P = '/api/merchant/production';

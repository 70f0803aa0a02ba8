import type { DegreeDayList, Et0List, MerchantUserInfo, PestCategory } from '@farmpark/contracts';
import { useSessionStore } from '../../stores/session';

/** The server's agronomy answers as the panel's tests stand them in (ParkAgronomy, AnalysisPanel). */
export const STATION = { deviceId: 11, deviceName: '一号气象站' };
export const ET0_DAYS: Et0List = {
  station: STATION,
  missing: [],
  days: [
    { date: '2026-06-01', et0Mm: 4.2, fallbacks: ['elevationDefault'] },
    { date: '2026-06-02', et0Mm: null, fallbacks: [] },
    { date: '2026-06-03', et0Mm: 5.1, fallbacks: ['elevationDefault', 'windHeightDefault'] },
  ].map((d) => ({ ...d, latitude: 36.9, elevationM: 0, windHeightM: 2, pressureKPa: 101.2 }) as Et0List['days'][0]),
};
export const BOLLWORM = { categoryId: 5, name: '棉铃虫', code: 'helicoverpa_armigera' } as PestCategory;
export const DEGREE_DAYS: DegreeDayList = {
  station: STATION,
  category: { categoryId: 5, code: 'helicoverpa_armigera', name: '棉铃虫' },
  settings: { method: 'singleSine', baseC: 11, upperC: null, startMonthDay: '01-01', source: 'pestDefault' },
  days: [
    { dd: 6.5, sum: 400.5 },
    { dd: 7.3, sum: 407.8 },
  ].map((d, i) => ({
    ...d,
    date: `2026-06-0${i + 1}`,
    tMin: 14,
    tMax: 25,
    method: 'singleSine' as const,
    baseC: 11,
    upperC: null,
    startDate: '2026-01-01',
  })),
};
/** A staff user allowed the weather pages (ET0 and degree days), or `permits` of a narrower role. */
export function signIn(permits: string[] = ['/outdoorsEquipment', '/outdoorsEquipment/weatherWatches']): void {
  const permitList = permits.map((permitUrl) => ({ permitUrl, permitList: [] }));
  // only the pages matter to the panel
  useSessionStore.setState({ user: { userId: 1, loginName: 'agro', permitList } as unknown as MerchantUserInfo });
}

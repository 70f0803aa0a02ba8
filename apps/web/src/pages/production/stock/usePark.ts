import { useActivePark } from '../../../stores/park';

/** The park the stock pages work in: the active park of the top bar (materials and work are per park). */
export function useStockPark(): number | null {
  return useActivePark()?.groupId ?? null;
}

/** 'YYYY-MM-DD' of a picked day (pickers hold dayjs values; the API takes the park's calendar day). */
export const dayOf = (v: { format: (f: string) => string } | null | undefined): string | null =>
  v ? v.format('YYYY-MM-DD') : null;

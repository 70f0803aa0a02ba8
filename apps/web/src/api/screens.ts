import type { Screen } from '@farmpark/contracts';
import { get } from './request';

export const getScreenList = () => get<Screen[]>('/api/merchant/screen/getScreenList');

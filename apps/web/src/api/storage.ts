import type { FileUsage } from '@farmpark/contracts';
import { get } from './request';

/** The company's disk use in the file store against its quota (every signed-in user). */
export const getFileUsage = () => get<FileUsage>('/api/merchant/storage/getFileUsage');

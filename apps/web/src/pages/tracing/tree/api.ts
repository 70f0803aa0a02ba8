import type { FarmWorkOptions, Paged, Tree, TreeCare, TreeDetail } from '@farmpark/contracts';
import { buildUrl, download, get, post, request } from '../../../api/request';

/** Calls of one tree one code (server module trace/trees). */
const P = '/api/merchant/trace/tree';
const quiet = { json: true, silent: true } as const;
export type ListParams = Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number };
export interface TreeInput {
  groupId: number;
  areaPointId: number;
  species: string;
  variety: string;
  plantedYear: number | null;
  longitude: number | null;
  latitude: number | null;
  remark: string;
}
export interface CareInput {
  treeId: number;
  type: string;
  doneOn: string;
  notes: string;
  materials: { materialId: number; quantity: number }[];
}
export const getTreeList = (p: ListParams) => get<Paged<Tree>>(`${P}/getTreeList`, p);
export const getTreeDetail = (id: number) => get<TreeDetail>(`${P}/getTreeDetail`, { id });
export const addTree = (b: TreeInput) => post<{ id: number }>(`${P}/addTree`, b, quiet);
export const alterTree = (b: TreeInput & { id: number }) => post(`${P}/alterTree`, b, quiet);
export const removeTrees = (id: number[]) => post(`${P}/removeTree`, { id }, { json: true });
export const getTreeCare = (treeId: number) => get<TreeCare[]>(`${P}/getTreeCareList`, { treeId });
export const addTreeCare = (b: CareInput) => post<{ id: number }>(`${P}/addTreeCare`, b, quiet);
export const removeTreeCare = (treeId: number, farmWorkId: number) =>
  post(`${P}/removeTreeCare`, { treeId, farmWorkId }, { json: true });
/** The photo goes as raw bytes; the server checks what it is by its content. */
export const uploadTreePhoto = (treeId: number, file: Blob) =>
  request(buildUrl(`${P}/uploadTreePhoto/${treeId}`), { method: 'POST', blob: file, timeoutMs: 120_000 });
export const removeTreePhoto = (id: number) => post(`${P}/removeTreePhoto`, { id }, { json: true });
export const downloadTreeTags = (params: { ids?: string; groupId?: number; size: string }) =>
  download(`${P}/exportTreeTags`, { params, timeoutMs: 120_000 });
/** Plots and materials of the park, as the farm work dialog offers them. */
export const getParkOptions = (groupId: number) =>
  get<FarmWorkOptions>('/api/merchant/production/farmWork/getFarmWorkOptions', { groupId });

import type {
  FarmWork,
  FarmWorkOptions,
  FarmWorkStatus,
  FarmWorkType,
  Machinery,
  MachineryStatus,
  Maintenance,
  MaintenanceDue,
  Material,
  MaterialKind,
  MaterialOption,
  NamedOption,
  Paged,
  StockMove,
  Supplier,
  TraceVideo,
} from '@farmpark/contracts';
import { buildUrl, get, post, request } from '../../../api/request';

/** Calls of the production stock pages (server module production/stock). Bodies go as JSON (lists). */
const P = '/api/merchant/production';
export type ListParams = Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number };
type Filters = Record<string, string | number | undefined>;
export type Format = 'csv' | 'xlsx';
const quiet = { json: true, silent: true } as const;

export interface MaterialInput {
  groupId: number;
  kind: MaterialKind;
  name: string;
  unit: string;
  spec?: string;
  registrationNo?: string;
  safetyDays?: number;
  lowStock?: number;
  remark?: string;
}
export const getMaterialList = (p: ListParams) => get<Paged<Material>>(`${P}/material/getMaterialList`, p);
export const getMaterialOptions = (groupId: number) =>
  get<MaterialOption[]>(`${P}/material/getMaterialOptions`, { groupId });
export const addMaterial = (b: MaterialInput) => post<{ id: number }>(`${P}/material/addMaterial`, b, quiet);
export const alterMaterial = (b: MaterialInput & { id: number }) =>
  post<{ id: number }>(`${P}/material/alterMaterial`, b, quiet);
export const removeMaterial = (id: number[]) => post(`${P}/material/removeMaterial`, { id }, { json: true });
export const materialExportUrl = (f: Filters, format: Format) =>
  buildUrl(`${P}/material/exportMaterialList`, { ...f, format });

export interface StockMoveInput {
  kind: 'in' | 'adjust';
  materialId: number;
  quantity: number;
  supplierId?: number | null;
  batchNo?: string;
  expiresOn?: string | null;
  reason?: string;
}
export const getStockMoveList = (p: ListParams & { materialId: number }) =>
  get<Paged<StockMove>>(`${P}/material/getStockMoveList`, p);
export const addStockMove = (b: StockMoveInput) => post<{ balance: number }>(`${P}/material/addStockMove`, b, quiet);
export const stockMoveExportUrl = (materialId: number, format: Format) =>
  buildUrl(`${P}/material/exportStockMoveList`, { materialId, format });

export interface SupplierInput {
  groupId: number;
  name: string;
  contact?: string;
  phone?: string;
  address?: string;
  licence?: string;
  remark?: string;
  materialIds: number[];
}
export const getSupplierList = (p: ListParams) => get<Paged<Supplier>>(`${P}/supplier/getSupplierList`, p);
export const getSupplierOptions = (groupId: number) =>
  get<NamedOption[]>(`${P}/supplier/getSupplierOptions`, { groupId });
export const addSupplier = (b: SupplierInput) => post<{ id: number }>(`${P}/supplier/addSupplier`, b, quiet);
export const alterSupplier = (b: SupplierInput & { id: number }) =>
  post<{ id: number }>(`${P}/supplier/alterSupplier`, b, quiet);
export const removeSupplier = (id: number[]) => post(`${P}/supplier/removeSupplier`, { id }, { json: true });
export const supplierExportUrl = (f: Filters, format: Format) =>
  buildUrl(`${P}/supplier/exportSupplierList`, { ...f, format });

export interface MachineryInput {
  groupId: number;
  name: string;
  type?: string;
  model?: string;
  plate?: string;
  status: MachineryStatus;
  purchasedOn?: string | null;
  remark?: string;
}
export const getMachineryList = (p: ListParams) => get<Paged<Machinery>>(`${P}/machinery/getMachineryList`, p);
export const getMachineryOptions = (groupId: number) =>
  get<NamedOption[]>(`${P}/machinery/getMachineryOptions`, { groupId });
export const getMaintenanceDue = (groupId: number) =>
  get<MaintenanceDue>(`${P}/machinery/getMaintenanceDue`, { groupId });
export const addMachinery = (b: MachineryInput) => post<{ id: number }>(`${P}/machinery/addMachinery`, b, quiet);
export const alterMachinery = (b: MachineryInput & { id: number }) =>
  post<{ id: number }>(`${P}/machinery/alterMachinery`, b, quiet);
export const removeMachinery = (id: number[]) => post(`${P}/machinery/removeMachinery`, { id }, { json: true });
export const machineryExportUrl = (f: Filters, format: Format) =>
  buildUrl(`${P}/machinery/exportMachineryList`, { ...f, format });
export interface MaintenanceInput {
  machineryId: number;
  doneOn: string;
  type: string;
  cost?: number;
  notes?: string;
  nextDueOn?: string | null;
}
export const getMaintenanceList = (p: ListParams & { machineryId: number }) =>
  get<Paged<Maintenance>>(`${P}/machinery/getMaintenanceList`, p);
export const addMaintenance = (b: MaintenanceInput) => post<{ id: number }>(`${P}/machinery/addMaintenance`, b, quiet);
export const removeMaintenance = (id: number[]) => post(`${P}/machinery/removeMaintenance`, { id }, { json: true });

export interface FarmWorkInput {
  groupId: number;
  type: FarmWorkType;
  areaPointId: number;
  plantingId?: number | null;
  plannedOn: string;
  status: FarmWorkStatus;
  doneOn?: string | null;
  notes?: string;
  personnelIds: number[];
  machineryIds: number[];
  materials: { materialId: number; quantity: number }[];
  repeatEveryDays?: number | null;
  repeatUntil?: string | null;
}
export const getFarmWorkList = (p: ListParams) => get<Paged<FarmWork>>(`${P}/farmWork/getFarmWorkList`, p);
export const getFarmWorkOptions = (groupId: number) =>
  get<FarmWorkOptions>(`${P}/farmWork/getFarmWorkOptions`, { groupId });
export const getFarmWorkMonth = (groupId: number, month: string) =>
  get<FarmWork[]>(`${P}/farmWork/getFarmWorkMonth`, { groupId, month });
export const addFarmWork = (b: FarmWorkInput) =>
  post<{ id: number; ids: number[] }>(`${P}/farmWork/addFarmWork`, b, quiet);
export const alterFarmWork = (b: FarmWorkInput & { id: number }) =>
  post<{ id: number }>(`${P}/farmWork/alterFarmWork`, b, quiet);
export const removeFarmWork = (id: number[]) => post(`${P}/farmWork/removeFarmWork`, { id }, { json: true });
export const farmWorkExportUrl = (f: Filters, format: Format) =>
  buildUrl(`${P}/farmWork/exportFarmWorkList`, { ...f, format });
export const farmWorkPhotoUrl = (id: number) => buildUrl(`${P}/farmWork/getFarmWorkPhoto`, { id });
export const addFarmWorkPhoto = (farmWorkId: number, file: Blob) =>
  request<{ id: number }>(buildUrl(`${P}/farmWork/addFarmWorkPhoto`, { farmWorkId }), { method: 'POST', blob: file });
export const removeFarmWorkPhoto = (id: number) => post(`${P}/farmWork/removeFarmWorkPhoto`, { id }, { json: true });

export interface VideoInput {
  groupId: number;
  title: string;
  areaPointId?: number | null;
  plantingId?: number | null;
  shotOn: string;
}
export const getVideoList = (p: ListParams) => get<Paged<TraceVideo>>(`${P}/video/getVideoList`, p);
export const addVideo = (meta: VideoInput, file: Blob) =>
  request<{ id: number }>(buildUrl(`${P}/video/addVideo`, { ...meta }), {
    method: 'POST',
    blob: file,
    silent: true,
    timeoutMs: 10 * 60_000,
  });
export const removeVideo = (id: number[]) => post(`${P}/video/removeVideo`, { id }, { json: true });
export const videoFileUrl = (id: number) => buildUrl(`${P}/video/getVideoFile`, { id });

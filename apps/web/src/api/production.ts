import type {
  Crop,
  CropStandard,
  DeviceIdealRanges,
  FarmWork,
  FarmWorkOptions,
  FarmWorkStatus,
  FarmWorkType,
  Harvest,
  HarvestOptions,
  Machinery,
  MachineryStatus,
  Maintenance,
  MaintenanceDue,
  Material,
  MaterialKind,
  MaterialOption,
  NamedOption,
  Paged,
  Personnel,
  PersonnelStatus,
  Planting,
  PlantingDetail,
  PlantingOutOfRange,
  PlantingRecord,
  PlantingStatus,
  PlotSensors,
  RecordRevision,
  StockMove,
  Supplier,
  TraceVideo,
  UpdateGrowthStandardBody,
  UpdatePlotSensorsBody,
} from '@farmpark/contracts';
import { buildUrl, type ExportFormat, get, type ListParams, post, request } from './request';

export type { ListParams };

/**
 * Calls of production (server modules production/core and production/stock): people, crops, standards,
 * plantings, harvests, materials and stock, suppliers, machinery, farm work and trace videos. Bodies go as
 * JSON (lists, nested stages).
 */
const P = '/api/merchant/production';
type Filters = Record<string, string | number | undefined>;
const quiet = { json: true, silent: true } as const;

// production core

export interface PersonnelInput {
  name: string;
  phone?: string;
  post?: string;
  idNumber?: string;
  status: PersonnelStatus;
  groupIds: number[];
  userId?: number | null;
}
export const getPersonnelList = (p: ListParams) => get<Paged<Personnel>>(`${P}/personnel/getPersonnelList`, p);
export const getPersonnelDetail = (id: number) => get<Personnel>(`${P}/personnel/getPersonnelDetail`, { id });
export const getUserOptions = () => get<{ id: number; userName: string }[]>(`${P}/personnel/getUserOptions`);
export const addPersonnel = (b: PersonnelInput) => post<{ id: number }>(`${P}/personnel/addPersonnel`, b, quiet);
export const updatePersonnel = (b: PersonnelInput & { id: number }) =>
  post<{ id: number }>(`${P}/personnel/updatePersonnel`, b, quiet);
/** The photo goes as its bytes; the server checks what it really is. */
export const uploadPersonnelPhoto = (id: number, file: Blob) =>
  post(`${P}/personnel/uploadPhoto/${id}`, undefined, { blob: file });
export const removePersonnel = (id: number[]) => post(`${P}/personnel/removePersonnel`, { id }, { json: true });
export const personnelExportUrl = (f: Filters, format: ExportFormat) =>
  buildUrl(`${P}/personnel/exportPersonnel`, { ...f, format });

export interface CropInput {
  name: string;
  variety?: string;
  category?: string;
  growingDays: number;
}
export const getCropList = (p: ListParams) => get<Paged<Crop>>(`${P}/crop/getCropList`, p);
export const getCropOptions = () => get<Crop[]>(`${P}/crop/getCropOptions`);
export const addCrop = (b: CropInput) => post<{ id: number }>(`${P}/crop/addCrop`, b, quiet);
export const updateCrop = (b: CropInput & { id: number }) => post<{ id: number }>(`${P}/crop/updateCrop`, b, quiet);
export const uploadCropPicture = (id: number, file: Blob) =>
  post(`${P}/crop/uploadPicture/${id}`, undefined, { blob: file });
export const removeCrop = (id: number[]) => post(`${P}/crop/removeCrop`, { id }, { json: true });
export const cropExportUrl = (f: Filters, format: ExportFormat) => buildUrl(`${P}/crop/exportCrop`, { ...f, format });

export const getStandardList = (p: ListParams) => get<Paged<Crop>>(`${P}/growthStage/getStandardList`, p);
export const getStandardDetail = (cropId: number) =>
  get<CropStandard>(`${P}/growthStage/getStandardDetail`, { cropId });
export const standardExportUrl = (f: Filters, format: ExportFormat) =>
  buildUrl(`${P}/growthStage/exportStandard`, { ...f, format });
export const updateStandard = (body: UpdateGrowthStandardBody) => post(`${P}/growthStage/updateStandard`, body, quiet);

export interface PlantingInput {
  groupId: number;
  areaPointId: number;
  cropId: number;
  variety?: string;
  areaMu: number;
  sownOn: string;
  transplantedOn?: string | null;
  expectedHarvestOn: string;
  status: PlantingStatus;
  notes?: string;
}
export const getPlantingList = (p: ListParams) => get<Paged<Planting>>(`${P}/planting/getPlantingList`, p);
export const getPlantingDetail = (id: number) => get<PlantingDetail>(`${P}/planting/getPlantingDetail`, { id });
export const getPlantingRecord = (id: number) => get<PlantingRecord>(`${P}/planting/getPlantingRecord`, { id });
export const getPlotOptions = (groupId: number) =>
  get<{ id: number; name: string; crop: string; areaMu: number | null }[]>(`${P}/planting/getPlotOptions`, { groupId });
export const getOutOfRangeList = (groupId: number) =>
  get<PlantingOutOfRange[]>(`${P}/planting/getOutOfRangeList`, { groupId });
export const getDeviceIdealRanges = (deviceId: number) =>
  // silent: a live page shows its values whether or not ranges could be read
  get<DeviceIdealRanges>(`${P}/planting/getDeviceIdealRanges`, { deviceId }, { silent: true });
/** The sensors that judge a plot's plantings (bound, or the defaults) and the park's devices that could. */
export const getPlotSensors = (groupId: number, areaPointId: number) =>
  get<PlotSensors>(`${P}/planting/getPlotSensors`, { groupId, areaPointId });
/** Replaces the plot's bindings (an empty list returns it to its defaults); answers the plot as it now stands. */
export const updatePlotSensors = (b: UpdatePlotSensorsBody) =>
  post<PlotSensors>(`${P}/planting/updatePlotSensors`, b, quiet);
export const addPlanting = (b: PlantingInput) => post<{ id: number }>(`${P}/planting/addPlanting`, b, quiet);
export const updatePlanting = (b: PlantingInput & { id: number }) =>
  post<{ id: number }>(`${P}/planting/updatePlanting`, b, quiet);
export const removePlanting = (id: number[]) => post(`${P}/planting/removePlanting`, { id }, { json: true });
export const plantingExportUrl = (f: Filters, format: ExportFormat) =>
  buildUrl(`${P}/planting/exportPlanting`, { ...f, format });

export interface HarvestInput {
  groupId: number;
  plantingId: number;
  harvestedOn: string;
  quantity: number;
  unit: string;
  grade?: string;
  warehouse?: string;
  notes?: string;
  personnelIds: number[];
  overrideReason?: string | null;
  /** Why a harvest is corrected: required on an update (a harvest is a finished record). */
  correctionReason?: string | null;
}
export const getHarvestList = (p: ListParams) => get<Paged<Harvest>>(`${P}/harvest/getHarvestList`, p);
export const getHarvestOptions = (groupId: number) =>
  get<HarvestOptions>(`${P}/harvest/getHarvestOptions`, { groupId });
export const addHarvest = (b: HarvestInput) => post<{ id: number }>(`${P}/harvest/addHarvest`, b, quiet);
export const updateHarvest = (b: HarvestInput & { id: number }) =>
  post<{ id: number }>(`${P}/harvest/updateHarvest`, b, quiet);
export const getHarvestHistory = (groupId: number, id: number) =>
  get<RecordRevision[]>(`${P}/harvest/getHarvestHistory`, { groupId, id });
export const removeHarvest = (id: number[]) => post(`${P}/harvest/removeHarvest`, { id }, { json: true });
export const harvestExportUrl = (f: Filters, format: ExportFormat) =>
  buildUrl(`${P}/harvest/exportHarvest`, { ...f, format });

// production stock

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
export const materialExportUrl = (f: Filters, format: ExportFormat) =>
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
export const stockMoveExportUrl = (materialId: number, format: ExportFormat) =>
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
export const supplierExportUrl = (f: Filters, format: ExportFormat) =>
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
export const machineryExportUrl = (f: Filters, format: ExportFormat) =>
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
  /** Why work done is corrected: required when the work edited is done. */
  correctionReason?: string | null;
  /** An administrator's reason to record a spray whose safety interval covers a harvest already made. */
  overrideReason?: string | null;
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
export const getFarmWorkHistory = (groupId: number, id: number) =>
  get<RecordRevision[]>(`${P}/farmWork/getFarmWorkHistory`, { groupId, id });
export const removeFarmWork = (id: number[]) => post(`${P}/farmWork/removeFarmWork`, { id }, { json: true });
export const farmWorkExportUrl = (f: Filters, format: ExportFormat) =>
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

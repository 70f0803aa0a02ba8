import type {
  Crop,
  CropStandard,
  DeviceIdealRanges,
  GrowthStageInput,
  Harvest,
  HarvestOptions,
  Paged,
  Personnel,
  PersonnelStatus,
  Planting,
  PlantingDetail,
  PlantingOutOfRange,
  PlantingRecord,
  PlantingStatus,
} from '@farmpark/contracts';
import { buildUrl, get, post } from '../../../api/request';

/** Calls of the production core (server module production/core). Bodies go as JSON (lists, nested stages). */
const P = '/api/merchant/production';
export type ListParams = Record<string, string | number | boolean | undefined> & { pageNum: number; pageSize: number };
type Filters = Record<string, string | number | undefined>;
const quiet = { json: true, silent: true } as const;

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
export const removePersonnel = (id: number[]) => post(`${P}/personnel/removePersonnel`, { id }, { json: true });
export const personnelExportUrl = (f: Filters, format: 'csv' | 'xlsx') =>
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
export const removeCrop = (id: number[]) => post(`${P}/crop/removeCrop`, { id }, { json: true });
export const cropExportUrl = (f: Filters, format: 'csv' | 'xlsx') => buildUrl(`${P}/crop/exportCrop`, { ...f, format });

export const getStandardList = (p: ListParams) => get<Paged<Crop>>(`${P}/growthStage/getStandardList`, p);
export const getStandardDetail = (cropId: number) =>
  get<CropStandard>(`${P}/growthStage/getStandardDetail`, { cropId });
export const standardExportUrl = (f: Filters, format: 'csv' | 'xlsx') =>
  buildUrl(`${P}/growthStage/exportStandard`, { ...f, format });
export const updateStandard = (cropId: number, stages: GrowthStageInput[]) =>
  post(`${P}/growthStage/updateStandard`, { cropId, stages }, quiet);

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
export const addPlanting = (b: PlantingInput) => post<{ id: number }>(`${P}/planting/addPlanting`, b, quiet);
export const updatePlanting = (b: PlantingInput & { id: number }) =>
  post<{ id: number }>(`${P}/planting/updatePlanting`, b, quiet);
export const removePlanting = (id: number[]) => post(`${P}/planting/removePlanting`, { id }, { json: true });
export const plantingExportUrl = (f: Filters, format: 'csv' | 'xlsx') =>
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
}
export const getHarvestList = (p: ListParams) => get<Paged<Harvest>>(`${P}/harvest/getHarvestList`, p);
export const getHarvestOptions = (groupId: number) =>
  get<HarvestOptions>(`${P}/harvest/getHarvestOptions`, { groupId });
export const addHarvest = (b: HarvestInput) => post<{ id: number }>(`${P}/harvest/addHarvest`, b, quiet);
export const updateHarvest = (b: HarvestInput & { id: number }) =>
  post<{ id: number }>(`${P}/harvest/updateHarvest`, b, quiet);
export const removeHarvest = (id: number[]) => post(`${P}/harvest/removeHarvest`, { id }, { json: true });
export const harvestExportUrl = (f: Filters, format: 'csv' | 'xlsx') =>
  buildUrl(`${P}/harvest/exportHarvest`, { ...f, format });

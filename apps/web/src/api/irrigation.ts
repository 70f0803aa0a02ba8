import type {
  IrrigationMachine,
  IrrigationProgram,
  IrrigationRun,
  IrrigationZone,
  MachineSettings,
  Paged,
  SmartDecision,
  SmartRule,
  ZonePlot,
  ZoneWaterBalance,
  ZoneWaterRow,
} from '@farmpark/contracts';
import { buildUrl, get, post, type RequestOptions } from './request';

const BASE = '/api/merchant/irrigation';
type Q = Record<string, string | number | undefined>;
type Quiet = Pick<RequestOptions, 'silent'>;

export const getMachineList = (groupId: number, deviceClass?: string, o?: Quiet) =>
  get<IrrigationMachine[]>(`${BASE}/getMachineList`, { groupId, deviceClass }, o);
export const startRun = (body: Record<string, unknown>) =>
  post<IrrigationRun>(`${BASE}/startRun`, body, { json: true });
export const stopRun = (runId: number) => post<IrrigationRun>(`${BASE}/stopRun`, { runId }, { json: true });
export const getRunList = (q: Q, o?: Quiet) => get<Paged<IrrigationRun>>(`${BASE}/getRunList`, q, o);
/** The running record as a file, with the filters on screen. */
export const runExportUrl = (q: Q) => buildUrl(`${BASE}/exportRunList`, q);
export const getZoneWater = (q: Q) => get<ZoneWaterRow[]>(`${BASE}/getZoneWater`, q);
/** A zone's water balance per day (docs/IRRIGATION.md), and the same as a file. */
export const getZoneWaterBalance = (q: Q, o?: Quiet) => get<ZoneWaterBalance>(`${BASE}/getZoneWaterBalance`, q, o);
export const zoneWaterBalanceUrl = (q: Q) => buildUrl(`${BASE}/exportZoneWaterBalance`, q);
export const getProgramList = (groupId: number) => get<IrrigationProgram[]>(`${BASE}/getProgramList`, { groupId });
export const saveProgram = (body: Record<string, unknown>) =>
  post<IrrigationProgram>(`${BASE}/${body.programId ? 'alterProgram' : 'addProgram'}`, body, { json: true });
export const removeProgram = (ids: number[]) => post(`${BASE}/removeProgram`, { ids }, { json: true });
export const getSmartRuleList = (groupId: number) => get<SmartRule[]>(`${BASE}/getSmartRuleList`, { groupId });
export const saveSmartRule = (body: Record<string, unknown>) =>
  post<SmartRule>(`${BASE}/${body.ruleId ? 'alterSmartRule' : 'addSmartRule'}`, body, { json: true });
export const removeSmartRule = (ids: number[]) => post(`${BASE}/removeSmartRule`, { ids }, { json: true });
export const getDecisionList = (q: Q) => get<Paged<SmartDecision>>(`${BASE}/getDecisionList`, q);
export const getZoneList = (groupId: number) => get<IrrigationZone[]>(`${BASE}/getZoneList`, { groupId });
export const getZonePlotList = (groupId: number) => get<ZonePlot[]>(`${BASE}/getZonePlotList`, { groupId });
/** Quiet: the zone editor shows a refusal under its field. */
/** A machine's pump protection (start budget); the form shows a refusal under its field. */
export const alterMachineSettings = (body: {
  deviceId: number;
  minRunMin: number;
  minRestMin: number;
  maxStartsPerHour: number;
}) => post<MachineSettings>(`${BASE}/alterMachineSettings`, body, { json: true, silent: true });
export const alterZone = (body: {
  deviceId: number;
  zoneNo: number;
  name: string;
  areaPointId: number | null;
  areaM2?: number | null;
  efficiency?: number | null;
}) => post<IrrigationZone>(`${BASE}/alterZone`, body, { json: true, silent: true });

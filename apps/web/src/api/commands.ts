import type { CommandRecord, CommandState, DeviceClass, Paged, SendCommandResult } from '@farmpark/contracts';
import { get, post } from './request';

const BASE = '/api/merchant/command';

export interface SendCommandInput {
  deviceId: number;
  name: string;
  params: Record<string, unknown>;
}

/** Silent: a refusal (offline device, 1003) is shown beside the control that sent it. */
export const sendCommand = (body: SendCommandInput) =>
  post<SendCommandResult>(`${BASE}/sendCommand`, body, { json: true, silent: true });

export const getCommandDetail = (cmdId: string) =>
  get<CommandRecord>(`${BASE}/getCommandDetail`, { cmdId }, { silent: true });

export interface CommandFilter {
  groupId?: number;
  deviceClass?: DeviceClass;
  deviceId?: number;
  state?: CommandState;
  startTime?: number;
  endTime?: number;
  keyword?: string;
}

export const getCommandList = (q: CommandFilter & { pageNum: number; pageSize: number }) =>
  get<Paged<CommandRecord>>(`${BASE}/getCommandList`, { ...q });

export function exportCommandListUrl(q: CommandFilter): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') qs.append(k, String(v));
  return `${BASE}/exportCommandList?${qs}`;
}

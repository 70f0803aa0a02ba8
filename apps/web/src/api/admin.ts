import type {
  Paged,
  PermitNode,
  Role,
  RoleDetail,
  ScreenAccount,
  ScreenManageItem,
  SystemLogEntry,
  SysUser,
} from '@farmpark/contracts';
import { get, type ListParams, post, type RequestOptions } from './request';

/** Administration calls (users, roles, data-screen accounts, multi-park screens, system log). */

type Quiet = Pick<RequestOptions, 'silent'>;

const M = '/api/merchant';
const json = (silent?: boolean): RequestOptions => ({ json: true, silent });

// users
export interface SysUserInput {
  loginName?: string;
  loginPwd?: string;
  userName: string;
  phone: string;
  roleId: number;
  groupIds: number[];
}
export const getSysUserList = (p: ListParams) => get<Paged<SysUser>>(`${M}/user/getSysUserList`, p);
export const addSysUser = (b: SysUserInput, o?: Quiet) => post<SysUser>(`${M}/user/addSysUser`, b, json(o?.silent));
export const alterSysUser = (b: SysUserInput & { userId: number }, o?: Quiet) =>
  post<SysUser>(`${M}/user/alterSysUser`, b, json(o?.silent));
export const removeSysUser = (ids: number[]) => post<null>(`${M}/user/removeSysUser`, { ids }, json());
export const enableSysUser = (userId: number, enabled: boolean) =>
  post<null>(`${M}/user/enableSysUser`, { userId, enabled }, json());
export const resetSysUserPwd = (userId: number, newPwd: string, o?: Quiet) =>
  post<null>(`${M}/user/resetSysUserPwd`, { userId, newPwd }, json(o?.silent));

// roles
export const getRoleList = (p: ListParams) => get<Paged<Role>>(`${M}/role/getRoleList`, p);
export const getRoleDetail = (roleId: number) => get<RoleDetail>(`${M}/role/getRoleDetail`, { roleId });
export const getPermissionTree = () => get<PermitNode[]>(`${M}/role/getPermissionTree`);
export interface RoleInput {
  roleName: string;
  permitUrls: string[];
}
export const addRole = (b: RoleInput, o?: Quiet) => post<RoleDetail>(`${M}/role/addRole`, b, json(o?.silent));
export const alterRole = (b: RoleInput & { roleId: number }, o?: Quiet) =>
  post<RoleDetail>(`${M}/role/alterRole`, b, json(o?.silent));
export const removeRole = (ids: number[]) => post<null>(`${M}/role/removeRole`, { ids }, json());

// data-screen accounts
export interface ScreenAccountInput {
  loginName?: string;
  loginPwd?: string;
  userName: string;
  phone: string;
  groupIds: number[];
}
const SA = `${M}/screenAccount`;
export const getScreenAccountList = (p: ListParams) => get<Paged<ScreenAccount>>(`${SA}/getScreenAccountList`, p);
export const addScreenAccount = (b: ScreenAccountInput, o?: Quiet) =>
  post<ScreenAccount>(`${SA}/addScreenAccount`, b, json(o?.silent));
export const alterScreenAccount = (b: ScreenAccountInput & { userId: number }, o?: Quiet) =>
  post<ScreenAccount>(`${SA}/alterScreenAccount`, b, json(o?.silent));
export const removeScreenAccount = (ids: number[]) => post<null>(`${SA}/removeScreenAccount`, { ids }, json());
export const enableScreenAccount = (userId: number, enabled: boolean) =>
  post<null>(`${SA}/enableScreenAccount`, { userId, enabled }, json());

// multi-park screens
export interface ScreenInput {
  screenTitle: string;
  screenAddress: string;
  groupIds: number[];
}
export const getScreenManageList = (p: ListParams, o?: Quiet) =>
  get<Paged<ScreenManageItem>>(`${M}/screen/getScreenManageList`, p, o);
export const addScreen = (b: ScreenInput, o?: Quiet) =>
  post<ScreenManageItem>(`${M}/screen/addScreen`, b, json(o?.silent));
export const alterScreen = (b: ScreenInput & { screenId: number }, o?: Quiet) =>
  post<ScreenManageItem>(`${M}/screen/alterScreen`, b, json(o?.silent));
export const removeScreen = (ids: number[]) => post<null>(`${M}/screen/removeScreen`, { ids }, json());

// system log
export const getSystemLogList = (p: ListParams) => get<Paged<SystemLogEntry>>(`${M}/systemLog/getSystemLogList`, p);
/** The server streams the CSV; the session cookie authenticates the plain download link. */
export const systemLogExportUrl = (filters: Record<string, string | number | undefined>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') qs.append(k, String(v));
  return `${M}/systemLog/exportSystemLog${qs.size ? `?${qs}` : ''}`;
};

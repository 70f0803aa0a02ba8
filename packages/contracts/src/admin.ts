import { z } from 'zod';
import { passwordField, type SysUserExtend } from './auth';
import { id, idList, pageQuery } from './envelope';
import { named, refinement, ruleIssue } from './errorDetail';
import { isKnownPermitUrl } from './permissions';
import { boolField, enumField, epochMsField, idField, listOf, optional } from './requestValues';

/**
 * Administration (issue 8, part A): sub-accounts, roles, data-screen accounts, multi-park screens
 * and the system log. Every body here is accepted form-encoded or as JSON.
 */

/** `users.kind`: staff sign in to the console; screen accounts may only open data screens. */
export const USER_KINDS = ['staff', 'screen'] as const;
export type UserKind = (typeof USER_KINDS)[number];
export { SCREEN_ROLE } from './sessionKeys';

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** A list page's optional search word. */
const keyword = (max: number) => z.string().trim().max(max).optional();

/** A list of park ids (see listOf); may be empty. */
export const groupIdList = () => listOf(id, (a) => a.max(1000));

export const loginNameField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]*$/, named('nameChars'));

export const phoneField = z
  .string()
  .trim()
  .max(30)
  .regex(/^[0-9+\- ]*$/, named('phoneChars'))
  .default('');

// ---- users --------------------------------------------------------------------------------------

export const sysUserListQuery = pageQuery.extend({
  keyword: keyword(64),
  roleId: optional(id),
  enabled: optional(boolField()),
  groupId: optional(id),
});
export type SysUserListQuery = z.infer<typeof sysUserListQuery>;

export const sysUserFields = z.object({
  userName: requiredText(50),
  phone: phoneField,
  roleId: idField(),
  groupIds: groupIdList(),
});

export const addSysUserBody = sysUserFields.extend({
  loginName: loginNameField,
  loginPwd: passwordField,
});
export type AddSysUserBody = z.infer<typeof addSysUserBody>;

export const alterSysUserBody = sysUserFields.extend({ userId: id });
export type AlterSysUserBody = z.infer<typeof alterSysUserBody>;

export const userIdQuery = z.object({ userId: id });
export const removeUsersBody = z.object({ ids: idList });
export const enableUserBody = z.object({ userId: id, enabled: boolField() });
export const resetUserPwdBody = z.object({ userId: id, newPwd: passwordField });

/**
 * One sub-account in the users list: the profile a user sees of itself, its groupIds being the parks
 * granted to it among those the caller may see (an admin sees every park anyway).
 */
export interface SysUser extends SysUserExtend {
  isAdmin: boolean;
  enabled: boolean;
}

// ---- roles --------------------------------------------------------------------------------------

/** A list of permitUrls of the catalogue; an unknown one is named in the message. */
export const permitUrlList = listOf(z.string().trim(), (a) =>
  a.max(500).superRefine((urls, ctx) => {
    for (const u of urls) if (!isKnownPermitUrl(u)) ctx.addIssue(ruleIssue([], 'unknownValue', { value: u }));
  }),
);

export const roleFields = z.object({
  roleName: requiredText(50),
  permitUrls: permitUrlList,
});
export const addRoleBody = roleFields;
export type AddRoleBody = z.infer<typeof addRoleBody>;
export const alterRoleBody = roleFields.extend({ roleId: id });
export type AlterRoleBody = z.infer<typeof alterRoleBody>;
export const roleIdQuery = z.object({ roleId: id });
export const removeRolesBody = z.object({ ids: idList });
export const roleListQuery = pageQuery.extend({
  keyword: keyword(50),
});

export interface Role {
  roleId: number;
  roleKey: string;
  roleName: string;
  isAdmin: boolean;
  /** Users (not removed) holding this role. */
  userCount: number;
}

export interface RoleDetail extends Role {
  /** As granted (a section stands for all its pages); the admin role lists every permitUrl. */
  permitUrls: string[];
}

// ---- data-screen accounts -----------------------------------------------------------------------

export const screenAccountListQuery = pageQuery.extend({
  keyword: keyword(64),
});
const screenAccountFields = z.object({
  userName: requiredText(50),
  phone: phoneField,
  groupIds: groupIdList().refine((l) => l.length > 0, refinement('minItems', { min: 1 })),
});
export const addScreenAccountBody = screenAccountFields.extend({ loginName: loginNameField, loginPwd: passwordField });
export type AddScreenAccountBody = z.infer<typeof addScreenAccountBody>;
export const alterScreenAccountBody = screenAccountFields.extend({
  userId: id,
  /** Empty: keep the password; otherwise set it (the account's sessions end with 906). */
  loginPwd: optional(passwordField),
});
export type AlterScreenAccountBody = z.infer<typeof alterScreenAccountBody>;

export interface ScreenAccount {
  userId: number;
  loginName: string;
  userName: string;
  phone: string;
  enabled: boolean;
  groupIds: number[];
  lastLoginAt: string | null;
  createdAt: string;
}

// ---- multi-park screens -------------------------------------------------------------------------

/** An http(s) URL, or an absolute path of the console such as /large-screen. */
export const screenAddressField = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((v) => /^https?:\/\/[^\s/]+[^\s]*$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), named('urlOrPath'));

export const screenFields = z.object({
  screenTitle: requiredText(100),
  screenAddress: screenAddressField,
  groupIds: groupIdList().refine((l) => l.length > 0, refinement('minItems', { min: 1 })),
});
export const addScreenBody = screenFields;
export type AddScreenBody = z.infer<typeof addScreenBody>;
export const alterScreenBody = screenFields.extend({ screenId: id });
export type AlterScreenBody = z.infer<typeof alterScreenBody>;
export const removeScreensBody = z.object({ ids: idList });
export const screenManageListQuery = pageQuery.extend({
  keyword: keyword(100),
});

export interface ScreenManageItem {
  screenId: number;
  screenTitle: string;
  screenAddress: string;
  groupIds: number[];
  createdAt: string;
}

// ---- system log ---------------------------------------------------------------------------------

/**
 * Every action the system log records. The server may only write these, and the console names each one
 * in both languages (its translation tables are typed by this list), so no raw key ever reaches a page.
 */
export const SYSTEM_LOG_ACTIONS = [
  'login',
  'logout',
  'password.change',
  'park.add',
  'park.alter',
  'park.remove',
  'park.screen',
  'park.point',
  'park.point.remove',
  'park.area.add',
  'park.area.alter',
  'park.area.remove',
  'user.add',
  'user.alter',
  'user.remove',
  'user.enable',
  'user.disable',
  'user.resetPassword',
  'role.add',
  'role.alter',
  'role.remove',
  'screenAccount.add',
  'screenAccount.alter',
  'screenAccount.remove',
  'screenAccount.enable',
  'screenAccount.disable',
  'screen.add',
  'screen.alter',
  'screen.remove',
  'appLinks.alter',
  'reports.alter',
  'device.add',
  'device.alter',
  'device.remove',
  'device.secret',
  'device.move',
  'device.import',
  'device.point',
  'light.rename',
  'light.token',
  'trap.rename',
  'command.queued',
  'command.sent',
  'command.succeeded',
  'command.failed',
  'command.timedOut',
  'irrigation.start',
  'irrigation.stop',
  'irrigationProgram.add',
  'irrigationProgram.alter',
  'irrigationProgram.remove',
  'irrigationZone.alter',
  'irrigationMachine.settings',
  'smartRule.add',
  'smartRule.alter',
  'smartRule.remove',
  'alarm.ack',
  'alarmRule.add',
  'alarmRule.alter',
  'alarmRule.remove',
  'alarmContact.add',
  'alarmContact.alter',
  'alarmContact.remove',
  'notice.add',
  'notice.alter',
  'notice.remove',
  'automation.add',
  'automation.alter',
  'automation.remove',
  'automation.skip',
  'production.add',
  'production.alter',
  'production.remove',
  'production.done',
  'production.override',
] as const;
export type SystemLogAction = (typeof SYSTEM_LOG_ACTIONS)[number];

/** Kinds of object a system log line names. */
export const SYSTEM_LOG_TARGETS = [
  'user',
  'role',
  'park',
  'area',
  'screen',
  'appLinks',
  'reports',
  'session',
  'device',
  'command',
  'irrigationRun',
  'irrigationProgram',
  'irrigationZone',
  'smartRule',
  'alarm',
  'alarmRule',
  'alarmContact',
  'notice',
  'automationRule',
  'personnel',
  'crop',
  'growthStandard',
  'planting',
  'harvest',
  'farmWork',
  'material',
  'stockMove',
  'supplier',
  'machinery',
  'maintenance',
  'farmVideo',
  'plotSensors',
] as const;
export type SystemLogTarget = (typeof SYSTEM_LOG_TARGETS)[number];

export const LOG_RESULTS = ['ok', 'fail'] as const;

export const systemLogFilter = z.object({
  startTime: optional(epochMsField()),
  endTime: optional(epochMsField()),
  loginName: z.string().trim().max(64).optional(),
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(40).optional(),
  result: optional(enumField(LOG_RESULTS)),
  keyword: keyword(100),
});
export type SystemLogFilter = z.infer<typeof systemLogFilter>;
export const systemLogListQuery = pageQuery.extend(systemLogFilter.shape);
export type SystemLogListQuery = z.infer<typeof systemLogListQuery>;

export interface SystemLogEntry {
  id: number;
  createdAt: string;
  loginName: string;
  userId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  detail: string;
  ip: string;
  result: (typeof LOG_RESULTS)[number];
  resultCode: number;
  /** Operator, action, object and detail in the reader's language, phrased by the server as the export is. */
  text: { operator: string; action: string; target: string; detail: string };
}

/** Columns of exportSystemLog's CSV, in order. */
export const SYSTEM_LOG_CSV_COLUMNS = [
  'time',
  'loginName',
  'action',
  'targetType',
  'targetId',
  'detail',
  'ip',
  'result',
  'resultCode',
] as const;

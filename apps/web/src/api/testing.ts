import type { Paged, SendCommandResult, TestingDevice, TestingLogin, TestingMessages } from '@farmpark/contracts';
import { get, post } from './request';

/** Calls of the device debugging page: a console session, or an installer's one-device token. */
const M = '/api/merchant/testing';
const T = '/api/testing';
const quiet = { silent: true } as const;

export const getDeviceList = (groupId: number, keyword: string) =>
  get<Paged<TestingDevice>>(`${M}/getDeviceList`, { groupId, keyword: keyword || undefined, pageSize: 50 });

/** Where the page reads messages and sends commands: as the signed-in user, or with the installer token. */
export type FeedSource = { kind: 'console'; deviceId: number } | { kind: 'installer'; token: string };

export const getMessages = (source: FeedSource, startTime: number | undefined) =>
  source.kind === 'console'
    ? get<TestingMessages>(`${M}/getDeviceMessageList`, { deviceId: source.deviceId, startTime }, quiet)
    : // the token travels in the body, never in a URL (logs, history)
      post<TestingMessages>(`${T}/getDeviceMessageList`, { token: source.token, startTime }, { ...quiet, json: true });

export const sendCommand = (source: FeedSource, name: string, params: Record<string, unknown>) =>
  source.kind === 'console'
    ? post<SendCommandResult>(`${M}/sendCommand`, { deviceId: source.deviceId, name, params }, { ...quiet, json: true })
    : post<SendCommandResult>(`${T}/sendCommand`, { token: source.token, name, params }, { ...quiet, json: true });

export const deviceLogin = (serial: string, password: string) =>
  post<TestingLogin>(`${T}/deviceLogin`, { serial, password }, { ...quiet, json: true });

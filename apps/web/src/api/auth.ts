import type {
  LinkTarget,
  LinkToken,
  LoginBody,
  MerchantUserInfo,
  SysUserBrief,
  SysUserExtend,
} from '@farmpark/contracts';
import { get, post, type RequestOptions } from './request';

type Quiet = Pick<RequestOptions, 'silent'>;

/** SPEC §5: the login name is trimmed; the password goes as typed. Returns the token. */
export const loginByPassword = (body: LoginBody, options?: Quiet) =>
  post<string>(
    '/api/merchant/login/loginByPassword',
    { loginName: body.loginName.trim(), loginPwd: body.loginPwd },
    options,
  );

export const getMerchantUserInfo = () => get<MerchantUserInfo | null>('/api/merchant/user/center/getMerchantUserInfo');

export const logout = (token: string) => get<null>('/api/merchant/user/center/logout', { token }, { silent: true });

export const resetLoginPwd = (body: { oldPwd: string; newPwd: string }, options?: Quiet) =>
  post<null>('/api/merchant/user/resetLoginPwd', body, options);

export const getSysUserExtend = () => get<SysUserExtend>('/api/merchant/user/getSysUserExtend');

export const getSysUserAllList = () => get<SysUserBrief[]>('/api/merchant/user/getSysUserAllList');

/** A token that opens only `target` on its other host, for two minutes (never the session's own). */
export const getLinkToken = (target: LinkTarget) =>
  post<LinkToken>('/api/merchant/user/center/getLinkToken', { target });

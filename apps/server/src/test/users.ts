import { expect } from 'vitest';
import type { TestEnv } from './harness';

/** The password of every console user a test adds. */
export const USER_PASSWORD = 'secret123';

/** A console user of this role in these parks, added through the API as an administrator would: its id. */
export async function addUser(
  env: TestEnv,
  token: string,
  u: { loginName: string; userName: string; roleId: number; groupIds: number[] },
): Promise<number> {
  const res = await env.post<{ userId: number }>('/api/merchant/user/addSysUser', token, {
    ...u,
    loginPwd: USER_PASSWORD,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data.userId;
}

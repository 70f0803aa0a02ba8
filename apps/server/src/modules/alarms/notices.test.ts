import type { Notice } from '@farmpark/contracts';
import { Code } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { alarmFixture } from '../../test/alarmFixture';
import { fieldsOf } from '../../test/details';
import { engines } from '../../test/harness';

describe.each(engines)('notices [%s]', (engine) => {
  const fx = alarmFixture(engine);

  it('lists enabled notices of today for any signed-in user, per merchant', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const add = (title: string, startDate: string, endDate: string, enabled = true) =>
      fx.env.post<{ id: number }>('/api/merchant/notice/addNotice', fx.demo, {
        title,
        body: '',
        startDate,
        endDate,
        enabled,
      });
    await add('过期公告', '2020-01-01', '2020-01-02');
    await add('停用公告', '2020-01-01', '2099-01-01', false);
    const reversed = await add('倒序日期', '2026-02-01', '2026-01-01');
    expect(reversed.msg).toBe('End date cannot be before start date');
    expect(fieldsOf(reversed)).toEqual(['endDate']);
    const operator = await fx.env.login('operator');
    const list = await fx.env.get<Notice[]>('/api/merchant/notice/getEnableNoticeList', operator);
    expect(list.code).toBe(0);
    expect(list.data.map((n) => n.title)).toEqual(['春季病虫害统防统治通知']);
    expect(list.data[0].startDate <= today && today <= list.data[0].endDate).toBe(true);
    expect((await fx.env.get<Notice[]>('/api/merchant/notice/getEnableNoticeList', fx.demo2)).data).toEqual([]);
    expect(
      (await fx.env.post('/api/merchant/notice/addNotice', operator, { title: 'x', startDate: today, endDate: today }))
        .code,
    ).toBe(Code.PERMISSION_DENIED);
  });
});

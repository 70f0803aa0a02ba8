import type { Park } from '@farmpark/contracts';
import dayjs from 'dayjs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useParkStore } from '../stores/park';
import { lastDays } from './dateRange';
import {
  formatTime,
  fromPicker,
  parkNow,
  pickedDays,
  startOfDay,
  timeZoneOptions,
  toPicker,
  withParkZone,
  zoneLabel,
} from './time';
import { zonedTimeAxes } from './timeAxis';

// The browser (this process) is in Los Angeles; the park is in Shanghai: every answer must be Shanghai's.
const browserZone = process.env.TZ;
process.env.TZ = 'America/Los_Angeles';
afterAll(() => {
  process.env.TZ = browserZone;
});

// 2026-11-22 00:30:00 UTC = 08:30 in Shanghai = 16:30 the day before in Los Angeles
const AT = Date.UTC(2026, 10, 22, 0, 30, 0);
const park = (groupId: number, timeZone: string) => ({ groupId, groupName: `p${groupId}`, timeZone }) as Park;

describe('the one time formatter', () => {
  beforeEach(() => {
    useParkStore.setState({ parks: [park(1, 'Asia/Shanghai'), park(2, 'UTC')], activeGroupId: 1 });
  });

  it('runs in a process whose zone is not the park zone', () => {
    expect(new Date(AT).getHours()).toBe(16);
  });

  it("formats in the active park's zone, and follows a change of park", () => {
    expect(formatTime(AT)).toBe('2026-11-22 08:30:00');
    expect(formatTime(AT, 'date')).toBe('2026-11-22');
    expect(formatTime(AT, 'time')).toBe('08:30:00');
    expect(formatTime(AT, 'minute')).toBe('2026-11-22 08:30');
    expect(formatTime(new Date(AT).toISOString())).toBe('2026-11-22 08:30:00');
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined, 'datetime', { empty: '-' })).toBe('-');
    useParkStore.setState({ activeGroupId: 2 });
    expect(formatTime(AT)).toBe('2026-11-22 00:30:00');
  });

  it('reads a picked wall-clock time as park time, and shows park time on the picker', () => {
    // what antd gives for "2026-11-22 08:30" typed into a picker in Los Angeles
    const picked = dayjs('2026-11-22 08:30:00');
    expect(fromPicker(picked)).toBe(AT);
    expect(toPicker(AT).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 08:30:00');
    const [from, to] = pickedDays([dayjs('2026-11-22'), dayjs('2026-11-22')]);
    expect(from).toBe(Date.UTC(2026, 10, 21, 16, 0, 0));
    expect(to).toBe(Date.UTC(2026, 10, 22, 15, 59, 59, 999));
    expect(startOfDay(AT)).toBe(from);
  });

  it("makes range presets of the park's days", () => {
    const [a, b] = lastDays(7, new Date(AT));
    expect(a.format('YYYY-MM-DD HH:mm')).toBe('2026-11-16 00:00');
    expect(b.format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 23:59');
    expect(parkNow().format('Z')).toBe('+08:00');
  });

  it('names the zone and asks exports for it', () => {
    expect(zoneLabel('Asia/Shanghai', AT)).toBe('UTC+08:00 Asia/Shanghai');
    expect(zoneLabel('America/New_York', AT)).toBe('UTC-05:00 America/New_York');
    expect(withParkZone('/x?a=1')).toBe('/x?a=1&timeZone=Asia%2FShanghai');
    expect(withParkZone('/x')).toBe('/x?timeZone=Asia%2FShanghai');
    expect(timeZoneOptions().some((o) => o.value === 'Asia/Shanghai' && o.label.startsWith('UTC+08:00'))).toBe(true);
  });

  it('labels time axes of charts in the park zone', () => {
    const option = zonedTimeAxes({ xAxis: { type: 'time' }, yAxis: { type: 'value' } }, 'Asia/Shanghai');
    const formatter = (option.xAxis as unknown as { axisLabel: { formatter: (v: number) => string } }).axisLabel
      .formatter;
    expect(formatter(AT)).toBe('11-22\n08:30');
    expect(formatter(Date.UTC(2026, 10, 21, 16, 0, 0))).toBe('11-22');
    expect(option.yAxis).toEqual({ type: 'value' });
    // a chart's own formatter is kept; labels that would run into each other are left out on both
    const own = { xAxis: { type: 'time', axisLabel: { formatter: 'x' } } };
    expect(zonedTimeAxes(own, 'UTC').xAxis).toEqual({ type: 'time', axisLabel: { formatter: 'x', hideOverlap: true } });
    expect(option.xAxis).toMatchObject({ axisLabel: { hideOverlap: true } });
  });
});

import dayjs from 'dayjs';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysAhead, last7Days, next30Days, next90Days } from './dateRange';
import { dialogProps } from './dialog';
import { digitsAndDot, digitsOnly, hexOnly, lettersAndDigits } from './inputRestrict';
import { formatNumber } from './numberFormat';
import { PROGRESS_CLOSE_DELAY_MS, runProgress } from './progress';
import { formatTimeAgo, timeAgo } from './timeAgo';
import { isExternal } from './validate';
import { isNight, WEATHER_KIND, weatherIcon, weatherParts, weatherWord } from './weatherIcon';

describe('isExternal', () => {
  it.each(['http://a.b', 'https://a.b/c', 'mailto:x@y.z', 'tel:123'])('%s is external', (u) => {
    expect(isExternal(u)).toBe(true);
  });
  it.each(['/dashboard', 'park/parkInfo', 'ftp://x', 'javascript:alert(1)', ' https://x'])('%s is not', (u) => {
    expect(isExternal(u)).toBe(false);
  });
});

describe('input restriction', () => {
  it('keeps only what each field accepts', () => {
    expect(digitsOnly('a1b2.3-4 ')).toBe('1234');
    expect(digitsAndDot('12.5kg,3')).toBe('12.53');
    expect(lettersAndDigits('Ab-1_2 c!')).toBe('Ab12c');
    expect(hexOnly('0x1F-ag9')).toBe('01fa9');
  });
});

describe('formatNumber', () => {
  it('uses suffixes k to E and drops trailing zeros', () => {
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1k');
    expect(formatNumber(1234)).toBe('1.2k');
    expect(formatNumber(1_500_000)).toBe('1.5M');
    expect(formatNumber(2e9)).toBe('2G');
    expect(formatNumber(3.25e12, 2)).toBe('3.25T');
    expect(formatNumber(4e15)).toBe('4P');
    expect(formatNumber(5e18)).toBe('5E');
    expect(formatNumber(-2500)).toBe('-2.5k');
  });
});

describe('timeAgo', () => {
  const now = new Date('2024-05-01T12:00:00Z').getTime();
  it('counts minutes under an hour, hours under a day, then days', () => {
    expect(timeAgo(now - 30_000, now)).toEqual({ unit: 'justNow' });
    expect(timeAgo(now - 3 * 60_000, now)).toEqual({ unit: 'minutes', value: 3 });
    expect(timeAgo(now - 59 * 60_000, now)).toEqual({ unit: 'minutes', value: 59 });
    expect(timeAgo(now - 60 * 60_000, now)).toEqual({ unit: 'hours', value: 1 });
    expect(timeAgo(now - 23.9 * 3600_000, now)).toEqual({ unit: 'hours', value: 23 });
    expect(timeAgo(now - 24 * 3600_000, now)).toEqual({ unit: 'days', value: 1 });
    expect(timeAgo(now + 5000, now)).toEqual({ unit: 'justNow' });
  });
  it('formats through the translator', () => {
    const t = (k: string, o?: Record<string, unknown>) => `${k}:${o?.count ?? ''}`;
    expect(formatTimeAgo(t, now - 2 * 3600_000, now)).toBe('timeAgo.hours:2');
  });
});

describe('date helpers', () => {
  const now = dayjs('2024-03-10T15:30:00');
  it('last 7 days include today', () => {
    const [a, b] = last7Days(now);
    expect(a.format('YYYY-MM-DD HH:mm:ss')).toBe('2024-03-04 00:00:00');
    expect(b.format('YYYY-MM-DD HH:mm:ss')).toBe('2024-03-10 23:59:59');
  });
  it('30 and 90 days ahead', () => {
    expect(next30Days(now)[1].format('YYYY-MM-DD')).toBe('2024-04-09');
    expect(next90Days(now)[1].format('YYYY-MM-DD')).toBe('2024-06-08');
    expect(daysAhead(30, now)[0].format('YYYY-MM-DD HH:mm')).toBe('2024-03-10 00:00');
  });
});

describe('dialogProps', () => {
  it('defaults to 840 px, 15vh and no outside-click close', () => {
    const p = dialogProps();
    expect(p.width).toBe(840);
    expect(p.style?.top).toBe('15vh');
    expect(p.mask).toEqual({ closable: false });
    expect(dialogProps({ width: 680 }).width).toBe(680);
  });
});

describe('runProgress', () => {
  afterEach(() => vi.useRealTimers());
  it('counts 0 to 100 in steps of duration/100 and closes 300 ms after 100', () => {
    vi.useFakeTimers();
    const ticks: number[] = [];
    const onDone = vi.fn();
    runProgress({ onTick: (p) => ticks.push(p), onDone }, 1000);
    expect(ticks).toEqual([0]);
    vi.advanceTimersByTime(10);
    expect(ticks.at(-1)).toBe(1);
    vi.advanceTimersByTime(490);
    expect(ticks.at(-1)).toBe(50);
    vi.advanceTimersByTime(500);
    expect(ticks.at(-1)).toBe(100);
    expect(ticks).toHaveLength(101);
    vi.advanceTimersByTime(PROGRESS_CLOSE_DELAY_MS - 1);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDone).toHaveBeenCalledOnce();
  });
  it('defaults to 4000 ms and can be stopped', () => {
    vi.useFakeTimers();
    const ticks: number[] = [];
    const stop = runProgress({ onTick: (p) => ticks.push(p), onDone: () => {} });
    vi.advanceTimersByTime(400);
    expect(ticks.at(-1)).toBe(10);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(ticks.at(-1)).toBe(10);
  });
});

describe('weatherIcon', () => {
  it('covers about 65 conditions', () => {
    expect(WEATHER_KIND.size).toBeGreaterThanOrEqual(60);
  });
  it('night is 18:00 to 05:59', () => {
    expect(isNight(Date.UTC(2024, 0, 1, 17, 59), 'UTC')).toBe(false);
    expect(isNight(Date.UTC(2024, 0, 1, 18, 0), 'UTC')).toBe(true);
    expect(isNight(Date.UTC(2024, 0, 1, 5, 59), 'UTC')).toBe(true);
    expect(isNight(Date.UTC(2024, 0, 1, 6, 0), 'UTC')).toBe(false);
    // the park's hour, not the browser's: 10:00 UTC is 18:00 in Shanghai
    expect(isNight(Date.UTC(2024, 0, 1, 10, 0), 'Asia/Shanghai')).toBe(true);
  });
  it('picks the day or night icon of the condition', () => {
    expect(weatherParts('晴', Date.UTC(2024, 0, 1, 12), 'UTC')).toEqual(['sun']);
    expect(weatherParts('晴', Date.UTC(2024, 0, 1, 22), 'UTC')).toEqual(['moon']);
    expect(weatherParts('暴雪', Date.UTC(2024, 0, 1, 12), 'UTC')).toEqual(['cloud', 'snow']);
    expect(weatherParts('something new', Date.UTC(2024, 0, 1, 12), 'UTC')).toEqual(['thermometer']);
  });
  it('names the sky in the reader language, and says nothing when a station names none', () => {
    const t = (key: string) => `<${key}>`;
    expect(weatherWord('小雨', false, t)).toBe('小雨');
    expect(weatherWord('小雨', true, t)).toBe('<weather.kind.rain>');
    expect(weatherWord('', false, t)).toBeNull();
    expect(weatherWord(' ', true, t)).toBeNull();
  });
  it('draws every icon as inline SVG, no emoji (boxes on Linux without an emoji font)', () => {
    for (const name of [...WEATHER_KIND.keys(), 'something new']) {
      for (const hour of [12, 22]) {
        const html = renderToStaticMarkup(weatherIcon(name, Date.UTC(2024, 0, 1, hour), 'UTC'));
        expect(html.startsWith('<svg'), name).toBe(true);
        expect(html, name).not.toMatch(/\p{Extended_Pictographic}/u);
        expect(html, name).not.toContain('NaN');
      }
    }
  });
});

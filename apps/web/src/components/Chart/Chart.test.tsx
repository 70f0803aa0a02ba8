import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import { statsPieOption } from '../../pages/pests/chartOptions';
import { buildTrendOption } from '../TrendChart/option';
import { safeOption } from './safeOption';

const EVIL = '<img src=x onerror=alert(1)>';
const MARKER = '<span class="dot" style="background-color:#5470c6"></span>';

/** What the tooltip would show: the formatter's answer parsed as HTML, as ECharts does. */
function asHtml(html: unknown) {
  const box = document.createElement('div');
  box.innerHTML = String(html);
  return box;
}

type Formatter = (params: unknown) => unknown;

describe('Chart: what the user typed never becomes HTML', () => {
  it('a trend tooltip names the series as text and keeps the coloured marker', () => {
    const option = safeOption(
      buildTrendOption([{ name: EVIL, unit: '°C', decimals: 1, points: [[1000, 20, 20, 20]] }], 'line', {
        min: 'min',
        max: 'max',
        avg: 'avg',
        saveImage: 'save',
      }),
    );
    const formatter = (option.tooltip as { formatter: Formatter }).formatter;
    const box = asHtml(formatter([{ seriesIndex: 0, dataIndex: 0, marker: MARKER, axisValue: 1000 }]));
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toContain(`${EVIL}: 20.0 °C`);
    expect(box.querySelector('span.dot')).not.toBeNull();
    expect(box.querySelectorAll('br')).toHaveLength(1);
  });

  it('a formatter anywhere (series, legend, media) answers text, also through its callback', () => {
    const raw: Formatter = (p) => `${(p as { name: string }).name}<b>bold</b>`;
    const option = safeOption({
      series: [{ type: 'pie', tooltip: { formatter: raw }, data: [{ name: EVIL, value: 1 }] }],
      legend: { tooltip: { show: true, formatter: raw } },
      media: [{ option: { tooltip: { formatter: raw } } }],
    });
    const tips = [
      option.series[0].tooltip.formatter,
      option.legend.tooltip.formatter,
      option.media[0].option.tooltip.formatter,
    ] as Formatter[];
    for (const f of tips) {
      const box = asHtml(f({ name: EVIL }));
      expect(box.querySelector('img, b')).toBeNull();
      expect(box.textContent).toBe(`${EVIL}<b>bold</b>`);
    }
    let later = '';
    const slow = safeOption({
      tooltip: { formatter: (_p: unknown, t: string, cb: (t: string, h: string) => void) => cb(t, EVIL) },
    });
    (slow.tooltip.formatter as (p: unknown, t: string, cb: (t: string, h: string) => void) => void)(
      {},
      't',
      (_t, h) => {
        later = h;
      },
    );
    expect(asHtml(later).querySelector('img')).toBeNull();
  });

  it('wraps once, and leaves data and string templates to ECharts, which escapes what it fills in', () => {
    const pie = statsPieOption([{ name: EVIL, count: 3 } as never], 'count');
    const once = safeOption(pie);
    expect(safeOption(once)).toBe(once);
    expect((once.series[0].data as { name: string }[])[0].name).toBe(EVIL);
    const template = (once.tooltip as { formatter: string }).formatter;
    const html = echarts.format.formatTpl(
      template,
      {
        seriesName: 'count',
        name: EVIL,
        value: 3,
        percent: 100,
        $vars: ['seriesName', 'name', 'value', 'percent'],
      } as never,
      true,
    );
    const box = asHtml(html);
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe(`${EVIL}: 3 (100%)`);
  });
});

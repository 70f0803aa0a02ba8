import type { AggregateResult } from '@farmpark/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import PeriodGaps, { type ComparedPeriod } from './PeriodGaps';

const DAY = 86_400_000;
// noon UTC: the same date in every zone the park could be in
const START = Date.UTC(2026, 9, 25, 12);
const END = Date.UTC(2026, 10, 24, 12);
const withData: AggregateResult = {
  interval: 'day',
  series: [{ deviceId: 7, key: 'airTemp', buckets: [{ ts: START, min: 1, avg: 2, max: 3, sum: 2, count: 1 }] }],
};
const noData: AggregateResult = { interval: 'day', series: [{ deviceId: 7, key: 'airTemp', buckets: [] }] };
const period = (label: string, result: AggregateResult | undefined, settled = true, shift = 0): ComparedPeriod => ({
  label,
  startTime: START - shift,
  endTime: END - shift,
  result,
  settled,
});

describe('PeriodGaps', () => {
  it('says which period holds no data, with its dates, and nothing for a period with data', async () => {
    await i18n.changeLanguage('en-US');
    render(
      <PeriodGaps
        deviceId={7}
        keys={['airTemp']}
        periods={[period('This period', withData), period('A year earlier', noData, true, 365 * DAY)]}
      />,
    );
    const notes = screen.getAllByTestId('analysis-period-empty');
    expect(notes).toHaveLength(1);
    expect(notes[0].textContent).toBe('No data for “A year earlier” (2025-10-25 to 2025-11-24)');
  });

  it('says nothing while a side is loading, and nothing when both have data', async () => {
    await i18n.changeLanguage('zh-CN');
    const { rerender } = render(
      <PeriodGaps deviceId={7} keys={['airTemp']} periods={[period('本期', undefined, false)]} />,
    );
    expect(screen.queryByTestId('analysis-period-empty')).toBeNull();
    rerender(
      <PeriodGaps deviceId={7} keys={['airTemp']} periods={[period('本期', withData), period('去年同期', withData)]} />,
    );
    expect(screen.queryByTestId('analysis-period-empty')).toBeNull();
    rerender(<PeriodGaps deviceId={7} keys={['airTemp']} periods={[period('本期', noData)]} />);
    expect(screen.getByTestId('analysis-period-empty').textContent).toBe('本期（2026-10-25 至 2026-11-24）没有数据');
  });
});

import { type PublicTrace, TRACE_SECTIONS } from '@farmpark/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/jsdomShims';
import '../../../i18n';
import { ticked } from './PublishDialog';
import TracePreview from './TracePreview';

const FULL: PublicTrace = {
  publishedAt: 0,
  version: 1,
  product: { name: '番茄', gtin: null, lot: 'L1' },
  certificate: {
    product: '番茄',
    quantity: 10,
    unit: 'kg',
    producer: '合作社',
    origin: '寿光',
    contact: '',
    issuedOn: '2026-06-01',
    pledge: '承诺',
    basis: ['ownTest'],
  },
  farm: { name: '园区', region: '山东' },
  plots: [{ name: '1号棚', areaMu: 2 }],
  plantings: [{ crop: '番茄', variety: '', plot: '1号棚', sownOn: '2026-03-01', transplantedOn: null }],
  timeline: [
    {
      date: '2026-04-01',
      type: 'irrigation',
      plot: '1号棚',
      materials: [{ name: '尿素', quantity: 2, unit: 'L' }],
      machine: true,
      waterM3: 3,
    },
  ],
  harvests: [{ date: '2026-06-01', quantity: 10, unit: 'kg', grade: '', overrideReason: null }],
  reports: [],
  videos: [],
};

describe('the consumer preview of a publish', () => {
  it('draws exactly the ticked sections', () => {
    // every other section, then the rest: each section is seen both ticked and unticked
    for (const half of [0, 1]) {
      const shown = TRACE_SECTIONS.filter((_, i) => i % 2 === half);
      const { unmount } = render(<TracePreview trace={ticked(FULL, shown)} />);
      for (const s of TRACE_SECTIONS)
        expect(screen.queryByTestId(`trace-section-${s}`) !== null, s).toBe(shown.includes(s));
      unmount();
    }
  }, 20_000);

  it('marks what a machine recorded, in words', () => {
    render(<TracePreview trace={ticked(FULL, ['timeline'])} />);
    expect(screen.getByTestId('trace-section-timeline').textContent).toContain('设备记录');
    expect(screen.getByTestId('trace-section-timeline').textContent).toContain('灌溉');
  });
});

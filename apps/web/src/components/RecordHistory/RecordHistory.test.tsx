import type { RecordRevision } from '@farmpark/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/jsdomShims';
import i18n from '../../i18n';
import { renderWithClient } from '../../test/renderWithClient';
import RecordHistory from '.';

const at = Date.UTC(2026, 10, 20, 2, 30); // 10:30 in the parks' zone
const REVISIONS: RecordRevision[] = [
  {
    revision: 2,
    kind: 'corrected',
    at,
    userName: 'demo',
    reason: '复秤后更正',
    data: {},
    changes: [
      { field: 'quantity', before: 10, after: 12 },
      { field: 'personnelNames', before: ['张三'], after: ['张三', '李四'] },
      { field: 'unit', before: 'kg', after: 'jin' },
    ],
  },
  { revision: 1, kind: 'made', at: at - 86_400_000, userName: 'demo', reason: null, data: {}, changes: [] },
];

function open(load: () => Promise<RecordRevision[]>) {
  renderWithClient(
    <RecordHistory
      testId="h"
      name="2026-11-20 番茄"
      queryKey={['t', Math.random()]}
      load={load}
      value={(f, v) => (f === 'unit' ? `unit:${v}` : undefined)}
    />,
  );
  fireEvent.click(screen.getByTestId('h-open'));
}

describe('RecordHistory', () => {
  it('lists the revisions newest first: who, when in the park zone, why and what changed', async () => {
    await i18n.changeLanguage('zh-CN');
    open(async () => REVISIONS);
    const corrected = await screen.findByTestId('h-revision-2');
    const text = corrected.textContent ?? '';
    expect(text).toContain('更正');
    expect(text).toContain('demo · 2026-11-20 10:30:00');
    expect(text).toContain('原因：复秤后更正');
    expect(text).toContain('10 → 12');
    // lists joined, values in the page's words, field names from the contracts
    expect(text).toContain('张三 → 张三、李四');
    expect(text).toContain('unit:kg → unit:jin');
    expect(within(corrected).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByTestId('h-revision-1').textContent).toContain('首次记录');
  });

  it('says so when a record has no revisions yet, and when they cannot be read', async () => {
    await i18n.changeLanguage('en-US');
    open(async () => []);
    expect(await screen.findByText(/No revisions yet/)).toBeTruthy();
    cleanup();
    open(async () => {
      throw new Error('offline');
    });
    expect(await screen.findByText(i18n.t('crud.loadFailed'))).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
  });
});

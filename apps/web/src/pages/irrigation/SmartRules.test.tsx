import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import { useParkStore } from '../../stores/park';
import { renderWithClient } from '../../test/renderWithClient';
import SmartRules from './SmartRules';

// The server is stood in for at the API modules; live updates are not under test.
const api = vi.hoisted(() => ({
  getSmartRuleList: vi.fn(async () => []),
  getMachineList: vi.fn(async () => []),
  getDecisionList: vi.fn(async () => ({ list: [], total: 0, pageNum: 1, pageSize: 20 })),
  removeSmartRule: vi.fn(),
  saveSmartRule: vi.fn(),
}));
vi.mock('../../api/irrigation', () => api);
vi.mock('../../api/telemetry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/telemetry')>()),
  getInitParamConfigList: vi.fn(async () => []),
}));
vi.mock('../../mqtt/useIrrigationLive', () => ({ useIrrigationLive: () => {} }));
configure({ asyncUtilTimeout: 10_000 });

describe('SmartRules form', { timeout: 30_000 }, () => {
  it('an empty form shows what is missing and sends nothing (no unhandled rejection)', async () => {
    useParkStore.setState({ activeGroupId: 3 });
    renderWithClient(<SmartRules />);
    await waitFor(() => expect(api.getSmartRuleList).toHaveBeenCalled());
    fireEvent.click(screen.getByText('新建规则'));
    const form = await screen.findByTestId('smart-rule-form');
    const dialog = form.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getAllByRole('button').at(-1) as HTMLElement);
    await waitFor(() => expect(form.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    expect(api.saveSmartRule).not.toHaveBeenCalled();
    expect(screen.getByTestId('smart-rule-form')).toBeTruthy();
  });
});

import type { Park } from '@farmpark/contracts';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { useParkStore } from '../../../../stores/park';
import { errorUnder } from '../../../../test/errorUnder';
import '../../../../test/jsdomShims';
import { renderWithClient } from '../../../../test/renderWithClient';
import { NEW_RULE, type RuleForm, toCondition } from '../ruleForm';
import ConditionFields from './ConditionFields';

configure({ asyncUtilTimeout: 10_000 });

const PARK = {
  groupId: 1,
  groupName: '一号园区',
  devices: [
    { deviceId: 5, deviceName: '智能灌溉机', serial: 'SI-1', deviceClass: 'smartIrrigation' },
    { deviceId: 6, deviceName: '墒情站', serial: 'SS-1', deviceClass: 'soilStation' },
  ],
} as unknown as Park;

/** The rule editor's condition part in a form of its own; `save` validates as the editor does. */
function Editor({ onValid }: { onValid: (v: Partial<RuleForm>) => void }) {
  const [form] = Form.useForm<RuleForm>();
  return (
    <Form form={form} layout="vertical" initialValues={{ ...NEW_RULE, kind: 'zoneFlow', deviceId: 5 }}>
      <ConditionFields form={form} />
      <Button onClick={() => form.validateFields().then(onValid, () => {})}>save</Button>
    </Form>
  );
}

describe('alarm rule form: zone flow (issue 26, point 4)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useParkStore.setState({ parks: [PARK], activeGroupId: 1 });
  });
  afterEach(() => useParkStore.setState({ parks: [], activeGroupId: null }));

  it.each([
    [
      'zh-CN',
      '分区流量偏离',
      '允许偏差（%）',
      '学习所需任务数',
      '允许偏差（%）不能大于 90',
      '学习所需任务数不能小于 1',
    ],
    [
      'en-US',
      'Zone flow off its usual',
      'Allowed deviation (%)',
      'Runs to learn from',
      'Allowed deviation (%) must be at most 90',
      'Runs to learn from must be at least 1',
    ],
  ])(
    'offers the condition with its defaults and refuses values out of range under the fields (%s)',
    async (lang, kind, deviation, runs, over, under) => {
      await act(() => i18n.changeLanguage(lang));
      const onValid = vi.fn();
      renderWithClient(<Editor onValid={onValid} />);
      expect(screen.getByText(kind)).toBeTruthy();
      const pct = screen.getByTestId('rule-deviation') as HTMLInputElement;
      const minRuns = screen.getByTestId('rule-min-runs') as HTMLInputElement;
      expect([pct.value, minRuns.value]).toEqual(['30', '3']);
      fireEvent.change(pct, { target: { value: '95' } });
      fireEvent.change(minRuns, { target: { value: '0' } });
      fireEvent.click(screen.getByText('save'));
      expect(await errorUnder(deviation)).toBe(over);
      expect(await errorUnder(runs)).toBe(under);
      expect(onValid).not.toHaveBeenCalled();

      fireEvent.change(pct, { target: { value: '40' } });
      fireEvent.change(minRuns, { target: { value: '5' } });
      fireEvent.click(screen.getByText('save'));
      await waitFor(() => expect(onValid).toHaveBeenCalled());
      expect(toCondition(onValid.mock.calls[0][0])).toEqual({ kind: 'zoneFlow', deviationPct: 40, minRuns: 5 });
      await act(() => i18n.changeLanguage('zh-CN'));
    },
  );
});

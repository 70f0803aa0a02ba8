import { type AddPlantingBody, addPlantingBody } from '@farmpark/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, Button, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../api/request';
import '../test/jsdomShims';
import i18n from '../i18n';
import { useSchemaForm } from './useSchemaForm';

interface Values {
  sownOn: string;
  transplantedOn: string;
}

/** The planting body with the two dates the test form shows; every other field valid. */
const toBody = (v: Values): AddPlantingBody =>
  ({
    groupId: 1,
    areaPointId: 2,
    cropId: 3,
    areaMu: 1.5,
    expectedHarvestOn: '2026-09-01',
    status: 'growing',
    ...v,
  }) as AddPlantingBody;

function Dates({ send, onDone }: { send: () => Promise<unknown>; onDone: (saved: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const labels = { sownOn: i18n.t('plantDemo.sownOn'), transplantedOn: i18n.t('plantDemo.transplantedOn') };
  const { rule, submit } = useSchemaForm(form, { schema: addPlantingBody, toBody, labels });
  return (
    <Form form={form}>
      <Form.Item name="sownOn" label={labels.sownOn} rules={[rule('sownOn')]}>
        <Input data-testid="sown" />
      </Form.Item>
      <Form.Item name="transplantedOn" label={labels.transplantedOn} rules={[rule('transplantedOn')]}>
        <Input data-testid="transplanted" />
      </Form.Item>
      <Button data-testid="save" onClick={async () => onDone(await submit(send))} />
    </Form>
  );
}

const LABELS = {
  'zh-CN': { sownOn: '播种日期', transplantedOn: '移栽日期' },
  'en-US': { sownOn: 'Sown on', transplantedOn: 'Transplanted on' },
};

/** Renders the form in `lang`, enters the two dates (the later one first by default) and saves. */
async function fill(
  lang: 'zh-CN' | 'en-US',
  send: () => Promise<unknown>,
  sown = '2026-05-10',
  transplanted = '2026-05-01',
) {
  await act(() => i18n.changeLanguage(lang));
  i18n.addResource(lang, 'translation', 'plantDemo.sownOn', LABELS[lang].sownOn);
  i18n.addResource(lang, 'translation', 'plantDemo.transplantedOn', LABELS[lang].transplantedOn);
  const done = vi.fn();
  render(
    <App>
      <Dates send={send} onDone={done} />
    </App>,
  );
  fireEvent.change(screen.getByTestId('sown'), { target: { value: sown } });
  fireEvent.change(screen.getByTestId('transplanted'), { target: { value: transplanted } });
  fireEvent.click(screen.getByTestId('save'));
  return done;
}

const underField = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

afterEach(() => i18n.changeLanguage('zh-CN'));

describe('useSchemaForm', () => {
  it.each([
    ['zh-CN', '移栽日期不能早于播种日期'],
    ['en-US', 'Transplanted on cannot be before Sown on'],
  ] as const)('checks a cross-field rule of the contract before sending (%s)', async (lang, text) => {
    const send = vi.fn(async () => ({}));
    const done = await fill(lang, send);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(underField('transplanted')).toBe(text);
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith(false));
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the server's refusal under its field and resolves false instead of throwing", async () => {
    // Dates in order, so the form sends; the server still refuses a field, by a rule only it checks.
    const send = vi.fn(async () => {
      throw new RequestError('api', '移栽日期不能早于播种日期', 1001, [
        { field: 'sownOn', rule: 'differs', params: { other: 'transplantedOn' } },
      ]);
    });
    const done = await fill('zh-CN', send, '2026-05-01', '2026-05-10');
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith(false));
    expect(send).toHaveBeenCalledOnce();
    const text = '播种日期不能与移栽日期相同';
    expect(await screen.findByText(text)).toBeTruthy();
    expect(underField('sown')).toBe(text);
  });
});

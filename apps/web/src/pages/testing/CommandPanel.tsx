import './areaTexts';
import {
  COMMAND_TIMEOUT_MS,
  checkRawCommand,
  commandExample,
  commandNames,
  type TapEntry,
  type TestingDevice,
} from '@farmpark/contracts';
import { Alert, App, Button, Card, Form, Input, InputNumber, Segmented, Select, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request';
import { type FeedSource, sendCommand } from '../../api/testing';
import { phraseLang } from '../../utils/formRules';

type Outcome =
  | { state: 'sending'; cmdId: string; sentAt: number }
  | { state: 'succeeded' | 'failed' | 'timedOut' | 'refused'; reason: string };

/** A field of the example is edited as its own kind; lists and objects as JSON text. */
type Kind = 'boolean' | 'number' | 'string' | 'json';
const kindOf = (v: unknown): Kind =>
  typeof v === 'boolean' ? 'boolean' : typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'json';

/** The device's own answer to this command, from the live feed. */
function ackOf(entries: TapEntry[], cmdId: string): { ok: boolean; reason: string } | null {
  for (const e of entries) {
    if (e.channel !== 'ack' || e.verdict !== 'accepted' || !e.payload.includes(cmdId)) continue;
    try {
      const a = JSON.parse(e.payload) as { cmdId?: string; ok?: boolean; reason?: string };
      if (a.cmdId === cmdId) return { ok: a.ok === true, reason: a.reason ?? '' };
    } catch {
      // an accepted ack is JSON; nothing to read otherwise
    }
  }
  return null;
}

/**
 * Sends a command of the device's class, from a form built on the command's example or as raw JSON, both
 * checked against the protocol first. It asks before sending, then says "waiting" until the device's own
 * acknowledgement shows up in the feed: never a success the device did not report.
 */
export function CommandPanel({
  device,
  source,
  entries,
}: {
  device: TestingDevice;
  source: FeedSource;
  entries: TapEntry[];
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const names = commandNames(device.deviceClass);
  const [name, setName] = useState(names[0] ?? '');
  const [mode, setMode] = useState<'form' | 'raw'>('form');
  const [raw, setRaw] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [form] = Form.useForm();
  const example = useMemo(() => commandExample(device.deviceClass, name), [device.deviceClass, name]);

  useEffect(() => {
    setName(commandNames(device.deviceClass)[0] ?? '');
    setOutcome(null);
  }, [device.deviceClass]);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(
      Object.fromEntries(Object.entries(example).map(([k, v]) => [k, kindOf(v) === 'json' ? JSON.stringify(v) : v])),
    );
    setRaw(JSON.stringify({ name, params: example }, null, 2));
    setProblem(null);
  }, [example, name, form]);

  // The outcome follows the device's acknowledgement, or its absence past the protocol's timeout.
  useEffect(() => {
    if (outcome?.state !== 'sending') return;
    const ack = ackOf(entries, outcome.cmdId);
    if (ack) setOutcome(ack.ok ? { state: 'succeeded', reason: '' } : { state: 'failed', reason: ack.reason });
  }, [entries, outcome]);
  useEffect(() => {
    if (outcome?.state !== 'sending') return;
    const left = outcome.sentAt + COMMAND_TIMEOUT_MS + 1000 - Date.now();
    const timer = setTimeout(() => setOutcome({ state: 'timedOut', reason: '' }), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [outcome]);

  if (names.length === 0) {
    return (
      <Card size="small" title={t('testing.command.title')}>
        <Alert type="info" showIcon message={t('testing.command.none')} />
      </Card>
    );
  }

  /** The command as typed, checked as the server will check it; null after showing what is wrong. */
  const build = async (): Promise<{ name: string; params: Record<string, unknown> } | null> => {
    setProblem(null);
    if (mode === 'raw') {
      const r = checkRawCommand(device.deviceClass, raw, phraseLang());
      if (!r.ok) setProblem(r.problem);
      return r.ok ? { name: r.name, params: r.params } : null;
    }
    const values = (await form.validateFields().catch(() => null)) as Record<string, unknown> | null;
    if (!values) return null;
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      if (kindOf(example[k]) !== 'json') params[k] = v;
      else {
        try {
          params[k] = JSON.parse(String(v));
        } catch {
          form.setFields([{ name: k, errors: [t('testing.command.invalidJson')] }]);
          return null;
        }
      }
    }
    const r = checkRawCommand(device.deviceClass, JSON.stringify({ name, params }));
    if (r.ok) return { name, params };
    const field = /^params\.([^.:]+)/.exec(r.problem)?.[1];
    if (field && field in example)
      form.setFields([{ name: field, errors: [r.problem.replace(/^params\.[^:]+: /, '')] }]);
    else setProblem(r.problem);
    return null;
  };

  const send = async () => {
    const cmd = await build();
    if (!cmd) return;
    modal.confirm({
      title: t('testing.command.confirmTitle'),
      content: t('testing.command.confirm', {
        device: `${device.name} (${device.serial})`,
        name: cmd.name,
        params: JSON.stringify(cmd.params),
      }),
      okText: t('testing.command.confirmOk'),
      cancelText: t('testing.command.cancel'),
      onOk: async () => {
        try {
          const res = await sendCommand(source, cmd.name, cmd.params);
          setOutcome({ state: 'sending', cmdId: res.cmdId, sentAt: Date.now() });
        } catch (err) {
          const e = err instanceof RequestError ? err : null;
          setOutcome({ state: 'refused', reason: e?.message ?? String(err) });
        }
      },
    });
  };

  return (
    <Card size="small" title={t('testing.command.title')} data-testid="testing-command">
      <Form form={form} layout="vertical" size="middle">
        <Form.Item label={t('testing.command.name')}>
          <Select
            value={name}
            onChange={setName}
            options={names.map((n) => ({ value: n, label: n }))}
            data-testid="testing-command-name"
          />
        </Form.Item>
        <Segmented
          block
          value={mode}
          onChange={(v) => setMode(v as 'form' | 'raw')}
          options={[
            { value: 'form', label: t('testing.command.form') },
            { value: 'raw', label: t('testing.command.raw') },
          ]}
          style={{ marginBottom: 12 }}
          data-testid="testing-command-mode"
        />
        {mode === 'form' &&
          Object.entries(example).map(([k, v]) => (
            <Form.Item
              key={`${name}.${k}`}
              name={k}
              label={k}
              valuePropName={kindOf(v) === 'boolean' ? 'checked' : 'value'}
              rules={
                kindOf(v) === 'boolean'
                  ? []
                  : [{ required: true, message: t('testing.command.required', { field: k }) }]
              }
            >
              {kindOf(v) === 'boolean' ? (
                <Switch data-testid={`testing-param-${k}`} />
              ) : kindOf(v) === 'number' ? (
                <InputNumber style={{ width: '100%' }} data-testid={`testing-param-${k}`} />
              ) : (
                <Input data-testid={`testing-param-${k}`} />
              )}
            </Form.Item>
          ))}
        {mode === 'raw' && (
          <Form.Item help={problem ?? t('testing.command.rawHelp')} validateStatus={problem ? 'error' : undefined}>
            <Input.TextArea
              value={raw}
              onChange={(e) => setRaw(e.target.value)}
              autoSize={{ minRows: 4, maxRows: 12 }}
              spellCheck={false}
              data-testid="testing-command-raw"
            />
          </Form.Item>
        )}
        {mode === 'form' && problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Button type="primary" block onClick={send} disabled={outcome?.state === 'sending'} data-testid="testing-send">
          {t('testing.command.send')}
        </Button>
      </Form>
      {outcome && (
        <Alert
          style={{ marginTop: 12 }}
          showIcon
          data-testid="testing-outcome"
          data-state={outcome.state}
          type={outcome.state === 'succeeded' ? 'success' : outcome.state === 'sending' ? 'info' : 'error'}
          message={
            outcome.state === 'sending'
              ? t('testing.command.sending')
              : outcome.state === 'succeeded'
                ? t('testing.command.succeeded')
                : outcome.state === 'timedOut'
                  ? t('testing.command.timedOut', { seconds: COMMAND_TIMEOUT_MS / 1000 })
                  : t(`testing.command.${outcome.state}`, { reason: outcome.reason })
          }
        />
      )}
    </Card>
  );
}

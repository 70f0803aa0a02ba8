import '../../areaTexts';
import {
  DEVICE_MODEL,
  type DeviceClass,
  FLOW_METERED_CLASSES,
  PEST_KIND_CLASS,
  PEST_KINDS,
  THRESHOLD_OPS,
  trapCountCondition,
  zoneFlowCondition,
} from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, type FormInstance, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoriesQuery } from '../../../../api/pestCategories';
import { useActivePark } from '../../../../stores/park';
import { contractRule } from '../../../../utils/formRules';
import { classLabel } from '../../labels';
import type { RuleForm } from '../ruleForm';

const TRAP_CLASSES: readonly string[] = Object.values(PEST_KIND_CLASS);
const FLOW_CLASSES: readonly string[] = FLOW_METERED_CLASSES;
/** The kinds that watch only some classes: trap counts the traps, zone flow the machines with a flow meter. */
const KIND_CLASSES: Partial<Record<string, readonly string[]>> = { trapCount: TRAP_CLASSES, zoneFlow: FLOW_CLASSES };
/** The kinds whose help says how the server judges them. */
const HELPED = ['plantingRange', 'trapCount', 'zoneFlow'];

/** What the rule watches and when it holds: device or class of the active park, parameter with its unit, limits, durations. */
export default function ConditionFields({ form }: { form: FormInstance<RuleForm> }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const park = useActivePark();
  const l = (k: string) => t(`alarm.rule.${k}`);
  const req = (label: string) => ({ required: true, message: t('validation.required', { field: label }) });
  const targetType = Form.useWatch('targetType', form);
  const deviceId = Form.useWatch('deviceId', form);
  const deviceClass = Form.useWatch('deviceClass', form);
  const kind = Form.useWatch('kind', form);
  const op = Form.useWatch('op', form);
  const key = Form.useWatch('key', form);
  // a trap count rule watches insect or spore traps only, a flow rule the irrigation machines with a flow meter
  const only = KIND_CLASSES[kind ?? ''];
  const devices = (park?.devices ?? []).filter((d) => !only || only.includes(d.deviceClass));
  const classes = [...new Set(devices.map((d) => d.deviceClass))];
  const cls = (targetType === 'class' ? deviceClass : devices.find((d) => d.deviceId === deviceId)?.deviceClass) as
    | DeviceClass
    | undefined;
  // the merchant's categories of the kind the target catches (insects for insect traps, spores for spore traps)
  const pestKind = PEST_KINDS.find((k) => PEST_KIND_CLASS[k] === cls);
  const categories = useQuery({
    ...categoriesQuery(pestKind ?? 'insect'),
    enabled: kind === 'trapCount' && pestKind !== undefined,
  });
  const retarget = () => form.setFieldsValue({ key: undefined, categoryId: undefined });
  const params = cls ? (DEVICE_MODEL[cls]?.params ?? []) : [];
  const unit = params.find((p) => p.key === key)?.unit ?? '';
  const two = op === 'between' || op === 'outside';
  /**
   * A number field. `schema` (the contract's field) checks it under the field without changing what was typed;
   * `min` is the older fields' floor, which the input keeps to.
   */
  const num = (
    name: keyof RuleForm,
    label: string,
    o: {
      extra?: string;
      min?: number;
      schema?: Parameters<typeof contractRule>[0];
      whole?: boolean;
      testId?: string;
    } = {},
  ) => (
    <Form.Item
      name={name}
      label={label}
      rules={o.schema ? [req(label), contractRule(o.schema, label)] : [req(label)]}
      extra={o.extra}
    >
      <InputNumber
        style={{ width: '100%' }}
        min={o.min}
        precision={o.whole ? 0 : undefined}
        data-testid={o.testId}
        suffix={name === 'forMinutes' || name === 'offlineMinutes' || o.whole ? undefined : unit || undefined}
      />
    </Form.Item>
  );

  /** Whole-number fields side by side: form name, label key, test id and the contract's field. */
  type Schema = Parameters<typeof contractRule>[0];
  const wholeCols = (fields: ReadonlyArray<readonly [keyof RuleForm, string, string, Schema]>) =>
    fields.map(([name, label, testId, schema]) => (
      <Col xs={12} md={6} key={name}>
        {num(name, l(label), { schema, whole: true, testId })}
      </Col>
    ));

  const kindField = (
    <Col xs={24} md={HELPED.includes(kind) ? 24 : 12}>
      <Form.Item name="kind" label={l('kind')} extra={HELPED.includes(kind) ? l(`${kind}Help`) : undefined}>
        <Radio.Group
          optionType="button"
          data-testid="rule-kind"
          // five kinds do not fit one line of a phone: they wrap
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
          // a target that is no trap (no metered machine) cannot be a trap count (flow) rule's: chosen again
          onChange={(e) => {
            const allowed = KIND_CLASSES[e.target.value];
            if (allowed && !allowed.includes(cls ?? ''))
              form.setFieldsValue({ deviceId: undefined, deviceClass: undefined, categoryId: undefined });
          }}
          options={[
            { value: 'threshold', label: l('threshold') },
            { value: 'offline', label: l('offline') },
            { value: 'plantingRange', label: l('plantingRange') },
            { value: 'trapCount', label: l('trapCount') },
            { value: 'zoneFlow', label: l('zoneFlow') },
          ]}
        />
      </Form.Item>
    </Col>
  );
  // a planting rule has no device or limits of its own: the growth standard and the plots' sensors give them
  if (kind === 'plantingRange')
    return (
      <Row gutter={16} data-testid="rule-condition">
        {kindField}
      </Row>
    );
  return (
    <Row gutter={16} data-testid="rule-condition">
      <Col xs={24} md={12}>
        <Form.Item name="targetType" label={l('target')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'device', label: l('targetDevice') },
              { value: 'class', label: l('targetClass') },
            ]}
            onChange={retarget}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {targetType === 'class' ? (
          <Form.Item name="deviceClass" label={l('deviceClass')} rules={[req(l('deviceClass'))]}>
            <Select
              options={classes.map((c) => ({ value: c, label: classLabel(c, i18n.language) }))}
              onChange={retarget}
            />
          </Form.Item>
        ) : (
          <Form.Item name="deviceId" label={l('device')} rules={[req(l('device'))]}>
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="rule-device"
              options={devices.map((d) => ({ value: d.deviceId, label: `${d.deviceName} (${d.serial})` }))}
              onChange={retarget}
            />
          </Form.Item>
        )}
      </Col>
      {kindField}
      {kind === 'trapCount' ? (
        <>
          <Col xs={24} md={12}>
            <Form.Item name="categoryId" label={l('category')} rules={[req(l('category'))]}>
              <Select
                showSearch
                optionFilterProp="label"
                data-testid="rule-category"
                loading={categories.isLoading}
                notFoundContent={pestKind ? undefined : l('categoryAfterTarget')}
                options={(pestKind ? (categories.data ?? []) : []).map((c) => ({ value: c.categoryId, label: c.name }))}
              />
            </Form.Item>
          </Col>
          {wholeCols([
            ['threshold', 'trapThreshold', 'rule-trap-threshold', trapCountCondition.shape.threshold],
            ['windowHours', 'windowHours', 'rule-window', trapCountCondition.shape.windowHours],
          ])}
        </>
      ) : kind === 'zoneFlow' ? (
        wholeCols([
          ['deviationPct', 'deviationPct', 'rule-deviation', zoneFlowCondition.shape.deviationPct],
          ['minRuns', 'minRuns', 'rule-min-runs', zoneFlowCondition.shape.minRuns],
        ])
      ) : kind === 'offline' ? (
        <Col xs={24} md={12}>
          {num('offlineMinutes', l('offlineMinutes'), { min: 1 })}
        </Col>
      ) : (
        <>
          <Col xs={24} md={12}>
            <Form.Item name="key" label={l('key')} rules={[req(l('key'))]}>
              <Select
                showSearch
                optionFilterProp="label"
                data-testid="rule-key"
                options={params.map((p) => ({
                  value: p.key,
                  label: `${en ? p.en : p.zh}${p.unit ? ` (${p.unit})` : ''}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="op" label={l('op')}>
              <Select
                data-testid="rule-op"
                options={THRESHOLD_OPS.map((o) => ({ value: o, label: t(`alarm.op.${o}`) }))}
              />
            </Form.Item>
          </Col>
          {two ? (
            <>
              <Col xs={12} md={8}>
                {num('low', l('low'))}
              </Col>
              <Col xs={12} md={8}>
                {num('high', l('high'))}
              </Col>
            </>
          ) : (
            <Col xs={24} md={16}>
              {num('value', l('value'))}
            </Col>
          )}
          <Col xs={12} md={12}>
            {num('forMinutes', l('forMinutes'), { min: 0 })}
          </Col>
          <Col xs={12} md={12}>
            {num('hysteresis', l('hysteresis'), { extra: l('hysteresisHelp'), min: 0 })}
          </Col>
        </>
      )}
    </Row>
  );
}

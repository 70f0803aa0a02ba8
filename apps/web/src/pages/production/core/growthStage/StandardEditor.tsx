import '../areaTexts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_ALLOWED_HOURS_OUT,
  fieldName,
  type GrowthStageInput,
  MAX_ALLOWED_HOURS_OUT,
  updateGrowthStandardBody,
} from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getStandardDetail, updateStandard } from '../../../../api/production';
import { isEnglish } from '../../../../i18n';
import { useAppStore } from '../../../../stores/app';
import { saveDialogProps } from '../../../../utils/dialog';
import { phraseLang } from '../../../../utils/formRules';
import { useSchemaForm } from '../../../../utils/useSchemaForm';
import { MEASURED_PARAMS } from '../params';

interface Values {
  allowedHoursOut: number;
  stages: GrowthStageInput[];
}

/** A crop's growth standard: its stages by day offset after sowing, key tasks and ideal ranges per stage. */
export default function StandardEditor({ cropId, onClose }: { cropId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [form] = Form.useForm<Values>();
  const en = isEnglish(i18n.language);
  const lbl = (k: string, o?: Record<string, unknown>) => t(`production.stage.${k}`, o);
  // A stage's or range's refusal goes under its own input: the labels name the keys of a row.
  const { rule, submit, saving } = useSchemaForm(form, {
    schema: updateGrowthStandardBody,
    toBody: (v) => ({ cropId: cropId as number, allowedHoursOut: v.allowedHoursOut, stages: toStages(v) }),
    labels: {
      allowedHoursOut: lbl('allowedHoursOut'),
      stages: fieldName('stages', phraseLang()),
      name: lbl('name'),
      startDay: lbl('startDay'),
      endDay: lbl('endDay'),
      tasks: lbl('tasks'),
      kc: lbl('kc'),
      key: lbl('param'),
      min: lbl('min'),
      max: lbl('max'),
    },
  });
  const q = useQuery({
    queryKey: ['production', 'standard', cropId],
    queryFn: () => getStandardDetail(cropId as number),
    enabled: cropId !== null,
  });
  useEffect(() => {
    if (q.data)
      form.setFieldsValue({
        allowedHoursOut: q.data.allowedHoursOut,
        stages: q.data.stages.map(({ id: _id, ...s }) => s),
      });
  }, [q.data, form]);

  const params = MEASURED_PARAMS.map((p) => ({
    value: p.key,
    label: `${en ? p.en : p.zh}${p.unit ? ` (${p.unit})` : ''}`,
  }));
  const save = () =>
    submit(async (body) => {
      await updateStandard(body);
      message.success(lbl('saved'));
      void queryClient.invalidateQueries({ queryKey: ['production'] });
      void queryClient.invalidateQueries({ queryKey: ['crud', 'standard'] });
      onClose();
    });

  const req = (field: string) => [{ required: true, message: t('validation.required', { field }) }];
  return (
    <Modal
      {...saveDialogProps(t, { saving, onOk: save, onCancel: onClose, testId: 'standard-save' })}
      open={cropId !== null}
      title={q.data ? lbl('title', { crop: q.data.cropName }) : lbl('edit')}
      width={mobile ? '100%' : 900}
      style={mobile ? { top: 0, maxWidth: '100vw', margin: 0 } : undefined}
      destroyOnHidden
    >
      {q.isLoading ? <Skeleton active /> : null}
      <Form
        form={form}
        layout="vertical"
        data-testid="standard-form"
        initialValues={{ allowedHoursOut: DEFAULT_ALLOWED_HOURS_OUT }}
      >
        <Form.Item
          name="allowedHoursOut"
          label={lbl('allowedHoursOut')}
          extra={lbl('allowedHoursOutHelp')}
          rules={[...req(lbl('allowedHoursOut')), rule('allowedHoursOut')]}
        >
          <InputNumber
            min={1}
            max={MAX_ALLOWED_HOURS_OUT}
            precision={0}
            suffix={lbl('hours')}
            style={{ width: mobile ? '100%' : 240 }}
            data-testid="standard-allowed-hours"
          />
        </Form.Item>
        <Form.List name="stages">
          {(stages, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {stages.map((stage, index) => (
                <Card
                  key={stage.key}
                  size="small"
                  title={lbl('stageNo', { n: index + 1 })}
                  extra={
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(stage.name)}
                      aria-label={lbl('removeStage')}
                    />
                  }
                >
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[stage.name, 'name']}
                        label={lbl('name')}
                        rules={[...req(lbl('name')), rule(`stages.${stage.name}.name`)]}
                      >
                        <Input data-testid={`stage-name-${stage.name}`} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item
                        name={[stage.name, 'startDay']}
                        label={lbl('startDay')}
                        rules={[...req(lbl('startDay')), rule(`stages.${stage.name}.startDay`)]}
                      >
                        <InputNumber
                          min={0}
                          precision={0}
                          style={{ width: '100%' }}
                          data-testid={`stage-start-${stage.name}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item
                        name={[stage.name, 'endDay']}
                        label={lbl('endDay')}
                        rules={[...req(lbl('endDay')), rule(`stages.${stage.name}.endDay`)]}
                        dependencies={[['stages', stage.name, 'startDay']]}
                      >
                        <InputNumber
                          min={0}
                          precision={0}
                          style={{ width: '100%' }}
                          data-testid={`stage-end-${stage.name}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={5}>
                      <Form.Item name={[stage.name, 'tasks']} label={lbl('tasks')}>
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[stage.name, 'kc']}
                        label={lbl('kc')}
                        tooltip={lbl('kcHelp')}
                        rules={[rule(`stages.${stage.name}.kc`)]}
                      >
                        <InputNumber step={0.05} style={{ width: '100%' }} data-testid={`stage-kc-${stage.name}`} />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.List name={[stage.name, 'ranges']}>
                    {(ranges, r) => (
                      <>
                        {ranges.map((range) => (
                          <Row gutter={8} key={range.key} align="middle">
                            <Col xs={24} md={10}>
                              <Form.Item
                                name={[range.name, 'key']}
                                label={lbl('param')}
                                rules={[...req(lbl('param')), rule(`stages.${stage.name}.ranges.${range.name}.key`)]}
                              >
                                <Select
                                  showSearch
                                  optionFilterProp="label"
                                  options={params}
                                  data-testid={`range-key-${stage.name}-${range.name}`}
                                />
                              </Form.Item>
                            </Col>
                            <Col xs={10} md={6}>
                              <Form.Item
                                name={[range.name, 'min']}
                                label={lbl('min')}
                                rules={[rule(`stages.${stage.name}.ranges.${range.name}.min`)]}
                                dependencies={[['stages', stage.name, 'ranges', range.name, 'max']]}
                              >
                                <InputNumber
                                  style={{ width: '100%' }}
                                  data-testid={`range-min-${stage.name}-${range.name}`}
                                />
                              </Form.Item>
                            </Col>
                            <Col xs={10} md={6}>
                              <Form.Item
                                name={[range.name, 'max']}
                                label={lbl('max')}
                                rules={[rule(`stages.${stage.name}.ranges.${range.name}.max`)]}
                                dependencies={[['stages', stage.name, 'ranges', range.name, 'min']]}
                              >
                                <InputNumber
                                  style={{ width: '100%' }}
                                  data-testid={`range-max-${stage.name}-${range.name}`}
                                />
                              </Form.Item>
                            </Col>
                            <Col xs={4} md={2}>
                              <Button
                                type="text"
                                danger
                                icon={<DeleteOutlined />}
                                onClick={() => r.remove(range.name)}
                                aria-label={lbl('removeStage')}
                              />
                            </Col>
                          </Row>
                        ))}
                        <Button
                          size="small"
                          icon={<PlusOutlined />}
                          onClick={() => r.add({ min: null, max: null })}
                          data-testid={`range-add-${stage.name}`}
                        >
                          {lbl('addRange')}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </Card>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                // the saved stages replace the form when they arrive: a stage added before would be lost
                disabled={q.isLoading}
                data-testid="stage-add"
                onClick={() => {
                  const all = form.getFieldValue('stages') as GrowthStageInput[] | undefined;
                  const last = all?.[all.length - 1];
                  const start = last ? Number(last.endDay ?? 0) + 1 : 0;
                  add({ name: '', startDay: start, endDay: start + 29, tasks: '', ranges: [] });
                }}
              >
                {lbl('addStage')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** The form's stages as the contract's body: blank texts and bounds as the server stores them. */
const toStages = (v: Values): GrowthStageInput[] =>
  (v.stages ?? []).map((s) => ({
    ...s,
    tasks: s.tasks ?? '',
    kc: s.kc ?? null,
    ranges: (s.ranges ?? []).map((r) => ({ key: r.key, min: r.min ?? null, max: r.max ?? null })),
  }));

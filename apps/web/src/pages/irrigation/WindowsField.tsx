import './areaTexts';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The allowed time windows of a smart rule (HH:mm to HH:mm, local time of the park); none: all day. */
export default function WindowsField({ name = 'windows' }: { name?: string }) {
  const { t } = useTranslation();
  const hhmm = { pattern: HHMM, message: t('irr.hhmm') };
  return (
    <Form.Item label={t('irr.windows')} extra={t('irr.windowsHint')}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Space direction="vertical" size={4} data-testid="rule-windows">
            {fields.map((f, i) => (
              <Space key={f.key} align="start" size={4}>
                <Form.Item name={[f.name, 'start']} rules={[{ required: true, message: t('irr.hhmm') }, hhmm]} noStyle>
                  <Input placeholder="06:00" style={{ width: 80 }} data-testid={`window-start-${i}`} />
                </Form.Item>
                <Typography.Text>–</Typography.Text>
                <Form.Item name={[f.name, 'end']} rules={[{ required: true, message: t('irr.hhmm') }, hhmm]} noStyle>
                  <Input placeholder="10:00" style={{ width: 80 }} data-testid={`window-end-${i}`} />
                </Form.Item>
                <Button
                  type="text"
                  size="small"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('irr.remove')}
                  onClick={() => remove(f.name)}
                />
              </Space>
            ))}
            {fields.length < 10 ? (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => add({ start: '', end: '' })}
                data-testid="add-window"
              >
                {t('irr.addWindow')}
              </Button>
            ) : null}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}

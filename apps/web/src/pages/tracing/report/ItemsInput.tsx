import '../areaTexts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReportItem } from '@farmpark/contracts';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The items tested on a report, edited as rows (a form field: value and onChange). */
export default function ItemsInput({
  value = [],
  onChange,
}: {
  value?: ReportItem[];
  onChange?: (v: ReportItem[]) => void;
}) {
  const { t } = useTranslation();
  const lbl = (k: string) => t(`traceReport.${k}`);
  const set = (i: number, patch: Partial<ReportItem>) =>
    onChange?.(value.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="report-items">
      {value.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is their identity
        <Space key={i} wrap>
          <Input placeholder={lbl('itemName')} value={item.name} onChange={(e) => set(i, { name: e.target.value })} />
          <Input
            placeholder={lbl('itemResult')}
            value={item.result}
            onChange={(e) => set(i, { result: e.target.value })}
          />
          <Input
            placeholder={lbl('itemStandard')}
            value={item.standard}
            onChange={(e) => set(i, { standard: e.target.value })}
          />
          <Select
            style={{ width: 100 }}
            value={item.pass}
            onChange={(pass) => set(i, { pass })}
            options={[
              { value: true, label: lbl('passed') },
              { value: false, label: lbl('failed') },
            ]}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('common.remove')}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { name: '', result: '', standard: '', pass: true }])}
        data-testid="report-item-add"
      >
        {lbl('addItem')}
      </Button>
    </Space>
  );
}

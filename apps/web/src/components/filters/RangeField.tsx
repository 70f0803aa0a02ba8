import '../areaTexts';
import { DatePicker, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DateRange, lastDays } from '../../utils/dateRange';
import { toPicker } from '../../utils/time';
import ZoneHint from './ZoneHint';

/** A date range with the presets operators use: today, last 7/30/90 days, last year; days of the park's zone. */
export default function RangeField({ value, onChange }: { value: DateRange; onChange: (r: DateRange) => void }) {
  const { t } = useTranslation();
  const today = toPicker(Date.now());
  const presets = [
    { label: t('range.today'), value: lastDays(1) },
    { label: t('range.days', { count: 7 }), value: lastDays(7) },
    { label: t('range.days', { count: 30 }), value: lastDays(30) },
    { label: t('range.days', { count: 90 }), value: lastDays(90) },
    { label: t('range.year'), value: [today.subtract(1, 'year').startOf('day'), today.endOf('day')] as DateRange },
  ];
  return (
    <Space size={4} wrap>
      <DatePicker.RangePicker
        value={value}
        presets={presets}
        allowClear={false}
        disabledDate={(d) => d.isAfter(today.endOf('day'))}
        onChange={(v) => {
          if (v?.[0] && v[1]) onChange([v[0].startOf('day'), v[1].endOf('day')]);
        }}
        data-testid="range-picker"
        style={{ maxWidth: '100%' }}
      />
      <ZoneHint />
    </Space>
  );
}

import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import ExportButton from '../../../components/ExportButton';
import type { Format } from './api';

/** Excel and CSV of what the list shows: the server writes both (the park's zone, the reader's language). */
export default function ExportButtons({ url, testId }: { url: (format: Format) => string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <ExportButton url={() => url('xlsx')} label={t('productionStock.export.xlsx')} testId={`${testId}-export-xlsx`} />
      <ExportButton url={() => url('csv')} label={t('productionStock.export.csv')} testId={`${testId}-export-csv`} />
    </Space>
  );
}

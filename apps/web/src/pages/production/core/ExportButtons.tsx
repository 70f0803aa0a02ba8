import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import ExportButton from '../../../components/ExportButton';

type Format = 'csv' | 'xlsx';

/** CSV and Excel of what the list shows: the server writes both (the park's zone, the reader's language). */
export default function ExportButtons({ url, testId }: { url: (format: Format) => string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <ExportButton url={() => url('xlsx')} label={t('production.export.xlsx')} testId={`${testId}-export-xlsx`} />
      <ExportButton url={() => url('csv')} label={t('production.export.csv')} testId={`${testId}-export-csv`} />
    </Space>
  );
}

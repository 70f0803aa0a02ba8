import './areaTexts';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import Chart from '../../components/Chart';

/** A chart of an option built in `chartOptions`, or the empty state when the range caught nothing. */
export default function PestChart({
  option,
  empty,
  height = 300,
  testId,
}: {
  option: Record<string, unknown>;
  empty: boolean;
  height?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  if (empty)
    return (
      <div style={{ height, display: 'grid', placeItems: 'center' }} data-testid={`${testId}-empty`}>
        <Empty description={t('pests.noData')} />
      </div>
    );
  return <Chart option={option} height={height} testId={testId} />;
}

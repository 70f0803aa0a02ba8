import { Empty } from 'antd';
import Chart from '../../components/Chart';
import { useText } from './text';

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
  const t = useText();
  if (empty)
    return (
      <div style={{ height, display: 'grid', placeItems: 'center' }} data-testid={`${testId}-empty`}>
        <Empty description={t('noData')} />
      </div>
    );
  return <Chart option={option} height={height} testId={testId} />;
}

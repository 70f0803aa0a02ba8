import type { TrendChartProps } from '../components/TrendChart';

/**
 * ECharts does not draw in jsdom: a test mocks TrendChart with this module
 * (`vi.mock('../TrendChart', () => import('../../test/chartStub'))`) and checks the props it was last handed.
 */
export const chart = { last: null as TrendChartProps | null };

export default function TrendChartStub(props: TrendChartProps) {
  chart.last = props;
  return <div data-testid="chart-stub" />;
}

import type { ParamView } from '@farmpark/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/jsdomShims';
import '../../../i18n';
import ParamTile from '../../../components/RealtimeGrid/ParamTile';

const AIR: ParamView = {
  key: 'airTemp',
  name: '空气温度',
  unit: '°C',
  decimals: 1,
  group: 'air',
  sort: 0,
  hidden: false,
  min: -40,
  max: 70,
  kind: 'measure',
};
const latest = (value: number) => ({ value, ts: Date.now(), prev: null });
const ideal = { key: 'airTemp', min: 18, max: 28 };

describe('a real-time tile against its planting ideal range', () => {
  it('marks a value outside the range and says the range', () => {
    render(<ParamTile param={AIR} latest={latest(31.2)} changedAt={undefined} onOpen={() => {}} ideal={ideal} />);
    const tile = screen.getByTestId('tile-airTemp');
    expect(tile.getAttribute('data-out-of-range')).toBe('true');
    expect(tile.getAttribute('title')).toContain('18 ~ 28 °C');
    expect(screen.getByTestId('tile-value-airTemp').style.color).not.toBe('');
  });

  it('leaves a value in range, and a tile without a planting, unmarked', () => {
    const { unmount } = render(
      <ParamTile param={AIR} latest={latest(22)} changedAt={undefined} onOpen={() => {}} ideal={ideal} />,
    );
    expect(screen.getByTestId('tile-airTemp').getAttribute('data-out-of-range')).toBeNull();
    unmount();
    render(<ParamTile param={AIR} latest={latest(35)} changedAt={undefined} onOpen={() => {}} />);
    expect(screen.getByTestId('tile-airTemp').getAttribute('data-out-of-range')).toBeNull();
    expect(screen.getByTestId('tile-airTemp').getAttribute('title')).toBe('空气温度');
  });
});

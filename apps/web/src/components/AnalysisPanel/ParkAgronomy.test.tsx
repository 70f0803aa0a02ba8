import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import '../../test/jsdomShims';
import { RequestError } from '../../api/request';
import { useParkStore } from '../../stores/park';
import { pickOption } from '../../test/antd';
import { renderWithClient } from '../../test/renderWithClient';
import { BOLLWORM, DEGREE_DAYS, ET0_DAYS, signIn } from './agronomyFixtures';
import ParkAgronomy from './ParkAgronomy';

const server = vi.hoisted(() => ({ getEt0List: vi.fn(), getDegreeDayList: vi.fn(), getPestStages: vi.fn() }));
vi.mock('../../api/agronomy', () => server);
const pests = vi.hoisted(() => ({ getCategories: vi.fn() }));
vi.mock('../../api/pests', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/pests')>()),
  ...pests,
}));

// antd's first render is slow on a busy machine
configure({ asyncUtilTimeout: 10_000 });

const PARK = 3;
// 1-7 June 2026 in the park's days, whatever the zone the test runs in
const RANGE = { startTime: Date.UTC(2026, 5, 1, 4), endTime: Date.UTC(2026, 5, 7, 4) };
const MOTH = { ...BOLLWORM, categoryId: 9, name: '苹果蠹蛾', code: 'cydia_pomonella' };
const card = () => screen.getByTestId('park-agronomy');

describe('ParkAgronomy', { timeout: 30_000 }, () => {
  beforeEach(() => {
    server.getEt0List.mockReset().mockResolvedValue(ET0_DAYS);
    server.getDegreeDayList.mockReset().mockResolvedValue(DEGREE_DAYS);
    // the stages card has its own test (PestStagesCard.test.tsx); here it finds nothing to show
    server.getPestStages.mockReset().mockReturnValue(new Promise(() => {}));
    pests.getCategories.mockReset().mockResolvedValue([BOLLWORM, MOTH]);
    useParkStore.setState({ activeGroupId: PARK });
    signIn();
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('asks for the park’s days and another category’s degree days when one is chosen', async () => {
    renderWithClient(<ParkAgronomy {...RANGE} />);
    await waitFor(() => expect(card().textContent).toContain('13.8°C·d'));
    expect(server.getEt0List).toHaveBeenCalledWith({ groupId: PARK, from: '2026-06-01', to: '2026-06-07' });
    server.getDegreeDayList.mockResolvedValue({
      ...DEGREE_DAYS,
      settings: { method: 'singleSine', baseC: 10, upperC: 31.1, startMonthDay: '03-01', source: 'pestDefault' },
    });
    await pickOption(screen.getByTestId('degree-day-category'), '苹果蠹蛾');
    await waitFor(() =>
      expect(server.getDegreeDayList).toHaveBeenLastCalledWith({
        groupId: PARK,
        categoryId: 9,
        from: '2026-06-01',
        to: '2026-06-07',
      }),
    );
    await waitFor(() => expect(card().textContent).toContain('下限 10 °C，上限 31.1 °C'));
  });

  it('says why there is no figure: no station, no latitude, no finished day, no readings', async () => {
    server.getEt0List.mockResolvedValueOnce({ station: null, missing: ['station'], days: [] });
    server.getDegreeDayList.mockResolvedValueOnce({ ...DEGREE_DAYS, station: null, days: [] });
    const first = renderWithClient(<ParkAgronomy {...RANGE} />);
    await waitFor(() => expect(card().textContent?.match(/当前园区没有气象站/g)).toHaveLength(2));
    expect(screen.getByTestId('stat-et0').textContent).toContain('—');
    first.unmount();

    server.getEt0List.mockResolvedValueOnce({ ...ET0_DAYS, missing: ['latitude'], days: [] });
    server.getDegreeDayList.mockResolvedValueOnce({ ...DEGREE_DAYS, days: [] });
    const second = renderWithClient(<ParkAgronomy {...RANGE} />);
    await waitFor(() => expect(card().textContent).toContain('园区和气象站都没有填写纬度'));
    await waitFor(() => expect(card().textContent).toContain('所选时段还没有已结束的日子'));
    second.unmount();

    server.getDegreeDayList.mockClear();
    server.getEt0List.mockResolvedValueOnce({ ...ET0_DAYS, days: [{ ...ET0_DAYS.days[1] }] });
    pests.getCategories.mockResolvedValueOnce([]);
    renderWithClient(<ParkAgronomy {...RANGE} />);
    await waitFor(() => expect(card().textContent).toContain('气象站在所选时段没有气温读数'));
    expect(card().textContent).toContain('还没有害虫类别');
    expect(server.getDegreeDayList).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal, and stays out of the way of a role without the pages', async () => {
    server.getEt0List.mockRejectedValueOnce(new RequestError('api', '没有权限', 1004));
    const first = renderWithClient(<ParkAgronomy {...RANGE} />);
    await waitFor(() => expect(card().querySelector('.ant-alert-error')?.textContent).toContain('没有权限'));
    first.unmount();

    server.getEt0List.mockClear();
    signIn(['/outdoorsEquipment/moistureMonitoring']);
    const second = renderWithClient(<ParkAgronomy {...RANGE} />);
    expect(second.container.textContent).toBe('');
    second.unmount();

    // the pest pages open degree days, not ET0
    signIn(['/outdoorsEquipment/worm']);
    renderWithClient(<ParkAgronomy {...RANGE} />);
    await waitFor(() => expect(card().textContent).toContain('13.8°C·d'));
    expect(screen.queryByTestId('stat-et0')).toBeNull();
    expect(server.getEt0List).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en-US');
    renderWithClient(<ParkAgronomy {...RANGE} />);
    await waitFor(() => expect(card().textContent).toContain('Reference evapotranspiration ET0 (2 days)'));
    expect(card().textContent).toContain(
      'Stand-ins for missing data: elevation taken as 0 m, wind sensor taken as at 2 m',
    );
    await waitFor(() => expect(card().textContent).toContain('Degree days (2 days, single sine)'));
    expect(card().textContent).toContain('407.8 °C·d since 2026-01-01');
  });
});

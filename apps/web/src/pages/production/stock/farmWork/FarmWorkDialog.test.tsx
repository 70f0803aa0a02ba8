import type { FarmWork, FarmWorkOptions } from '@farmpark/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../test/jsdomShims';
import '../../../../i18n';
import { RequestError } from '../../../../api/request';
import { renderWithClient } from '../../../../test/renderWithClient';

const alterFarmWork = vi.fn(async (_b: unknown) => null);
vi.mock('../../../../api/production', () => ({
  addFarmWork: vi.fn(),
  alterFarmWork,
  getFarmWorkPhotos: vi.fn(async () => []),
}));
const { default: FarmWorkDialog } = await import('./FarmWorkDialog');
const { farmWorkOf } = await import('./testWork');

const spray: FarmWork = farmWorkOf(41, {
  groupId: 2,
  plantingId: 9,
  doneOn: '2026-06-01',
  status: 'done',
  materials: [{ materialId: 5, quantity: 1 } as FarmWork['materials'][number]],
});
const options: FarmWorkOptions = {
  plots: [{ id: 3, name: '1号棚' }],
  plantings: [{ id: 9, areaPointId: 3, label: '番茄', status: 'growing' }],
  people: [],
  machinery: [],
  materials: [{ id: 5, kind: 'pesticide', name: '吡虫啉', spec: '', unit: 'L', stock: 10, safetyDays: 7 }],
};

describe('FarmWorkDialog', () => {
  it('offers an override reason once the server says the spray covers a harvest, and sends it', async () => {
    renderWithClient(
      <FarmWorkDialog groupId={2} target={spray} options={options} onClose={() => {}} onSaved={() => {}} />,
    );
    expect(screen.queryByTestId('farmWork-override-reason')).toBeNull();
    // the form is filled a render after it opens (the day done shows once its status is): save only then,
    // or the server's error would go to a field not yet on the form
    await waitFor(() => expect(screen.getByTestId('farmWork-doneOn')).toHaveProperty('value', '2026-06-01'));
    fireEvent.change(screen.getByTestId('farmWork-correction-reason'), { target: { value: '补记喷药日期' } });
    alterFarmWork.mockRejectedValueOnce(
      new RequestError('api', '2026-06-05 的采收在吡虫啉的安全间隔期内', 1006, [
        {
          field: 'doneOn',
          rule: 'harvestInInterval',
          params: { harvestedOn: '2026-06-05', pesticide: '吡虫啉', sprayedOn: '2026-06-01', firstDay: '2026-06-08' },
        },
      ]),
    );
    fireEvent.click(screen.getByTestId('farmWork-save'));
    const reason = await screen.findByTestId('farmWork-override-reason');
    // the refusal is under the day done, in words
    expect(await screen.findByText(/2026-06-05/)).toBeTruthy();
    expect(alterFarmWork.mock.calls[0][0]).toMatchObject({ overrideReason: null });

    fireEvent.change(reason, { target: { value: '确有喷药，负责人批准补记' } });
    fireEvent.click(screen.getByTestId('farmWork-save'));
    await waitFor(() => expect(alterFarmWork).toHaveBeenCalledTimes(2));
    expect(alterFarmWork.mock.calls[1][0]).toMatchObject({
      id: 41,
      correctionReason: '补记喷药日期',
      overrideReason: '确有喷药，负责人批准补记',
    });
  });
});

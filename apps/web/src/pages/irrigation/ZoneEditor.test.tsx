import type { IrrigationZone } from '@farmpark/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { useParkStore } from '../../stores/park';
import { errorUnder } from '../../test/errorUnder';
import { idleFertigationMachine } from '../../test/irrigationMachine';
import '../../test/jsdomShims';
import { renderWithClient } from '../../test/renderWithClient';
import ZoneEditor from './ZoneEditor';

// The form's behaviour is under test; the server is stood in for at its edge.
const zone: IrrigationZone = {
  deviceId: idleFertigationMachine.deviceId,
  zoneNo: 1,
  name: '1号棚番茄',
  areaPointId: null,
  areaPointName: null,
  areaM2: null,
  efficiency: null,
};
const api = vi.hoisted(() => ({
  getZoneList: vi.fn(),
  getZonePlotList: vi.fn(async () => []),
  alterZone: vi.fn(),
}));
vi.mock('../../api/irrigation', () => api);

describe('ZoneEditor: the water balance area and efficiency', { timeout: 30_000 }, () => {
  it('refuses an efficiency above 1 under its field, then sends the area and efficiency', async () => {
    api.getZoneList.mockResolvedValue([zone]);
    api.alterZone.mockResolvedValue({ ...zone, areaM2: 600, efficiency: 0.8 });
    useParkStore.setState({ activeGroupId: 3 });
    renderWithClient(<ZoneEditor machine={idleFertigationMachine} />);
    fireEvent.click(screen.getByTestId(`zones-${idleFertigationMachine.deviceId}`));
    fireEvent.click(await screen.findByTestId('edit-zone-1'));
    fireEvent.change(await screen.findByTestId('zone-area'), { target: { value: '600' } });
    fireEvent.change(screen.getByTestId('zone-efficiency'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('zone-save'));
    expect(await errorUnder('灌水效率（0.3–1）')).toBe('灌水效率（0.3–1）不能大于 1');
    expect(api.alterZone).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('zone-efficiency'), { target: { value: '0.8' } });
    fireEvent.click(screen.getByTestId('zone-save'));
    await waitFor(() =>
      expect(api.alterZone).toHaveBeenCalledWith(
        expect.objectContaining({
          deviceId: zone.deviceId,
          zoneNo: 1,
          name: '1号棚番茄',
          areaM2: 600,
          efficiency: 0.8,
        }),
      ),
    );
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { errorUnder } from '../../test/errorUnder';
import { idleFertigationMachine } from '../../test/irrigationMachine';
import '../../test/jsdomShims';
import { renderWithClient } from '../../test/renderWithClient';
import PumpSettings from './PumpSettings';

// The form's behaviour is under test; the server is stood in for at its edge.
const api = vi.hoisted(() => ({ alterMachineSettings: vi.fn() }));
vi.mock('../../api/irrigation', () => api);

const machine = idleFertigationMachine;

function open() {
  renderWithClient(<PumpSettings machine={machine} />);
  fireEvent.click(screen.getByTestId('pump-5'));
}
const field = async (name: string) => (await screen.findByTestId(`pump-${name}`)) as HTMLInputElement;

describe('PumpSettings', { timeout: 30_000 }, () => {
  beforeEach(() => {
    api.alterMachineSettings.mockReset();
  });

  it.each([
    ['zh-CN', '每小时最多启动次数', '当前为默认值', '每小时最多启动次数须在 1 到 60 之间'],
    ['en-US', 'Most starts per hour', 'these are the defaults', 'Most starts per hour must be 1 to 60'],
  ])(
    'shows the three limits and refuses one out of range under its field, sending nothing (%s)',
    async (lang, label, note, text) => {
      await act(() => i18n.changeLanguage(lang));
      open();
      expect((await field('minRunMin')).value).toBe('2');
      expect((await field('minRestMin')).value).toBe('1');
      expect((await field('maxStartsPerHour')).value).toBe('6');
      expect(screen.getByText(label)).toBeTruthy();
      expect(screen.getByText(new RegExp(note))).toBeTruthy();
      fireEvent.change(await field('maxStartsPerHour'), { target: { value: '0' } });
      fireEvent.click(screen.getByTestId('pump-save'));
      expect(await errorUnder(label)).toBe(text);
      expect(api.alterMachineSettings).not.toHaveBeenCalled();
      await act(() => i18n.changeLanguage('zh-CN'));
    },
  );

  it('sends the machine and its three limits', async () => {
    api.alterMachineSettings.mockResolvedValue({ minRunMin: 3, minRestMin: 10, maxStartsPerHour: 4, own: true });
    open();
    fireEvent.change(await field('minRunMin'), { target: { value: '3' } });
    fireEvent.change(await field('minRestMin'), { target: { value: '10' } });
    fireEvent.change(await field('maxStartsPerHour'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('pump-save'));
    await waitFor(() =>
      expect(api.alterMachineSettings).toHaveBeenCalledWith({
        deviceId: 5,
        minRunMin: 3,
        minRestMin: 10,
        maxStartsPerHour: 4,
      }),
    );
  });
});

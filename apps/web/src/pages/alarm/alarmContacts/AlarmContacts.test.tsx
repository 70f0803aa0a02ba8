import type { AlarmContact } from '@farmpark/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import '../../../test/jsdomShims';
import { useAppStore } from '../../../stores/app';
import { renderWithClient } from '../../../test/renderWithClient';
import { setViewportWidth } from '../../../test/viewport';
import AlarmContactsPage from '.';

// The server is stood in for at the API module (its own tests cover storing and masking the secret).
const api = vi.hoisted(() => ({ getAlarmContactList: vi.fn(), alterAlarmContact: vi.fn(), addAlarmContact: vi.fn() }));
vi.mock('../../../api/alarms', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/alarms')>()),
  ...api,
}));
configure({ asyncUtilTimeout: 10_000 });

const contact = (c: Partial<AlarmContact>): AlarmContact => ({
  id: 1,
  name: '值班群',
  phone: '',
  email: '',
  webhookUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/x',
  webhookType: 'feishu',
  webhookSecretHint: '••••cdef',
  groupIds: [5],
  lang: 'zh',
  enabled: true,
  ...c,
});

describe('alarm contacts: the bot secret field', { timeout: 30_000 }, () => {
  it('on a phone: keeps a saved secret when left blank, and says under the field that WeCom bots take none', async () => {
    setViewportWidth(390);
    useAppStore.setState({ device: 'mobile' });
    api.getAlarmContactList.mockResolvedValue({
      list: [contact({}), contact({ id: 2, name: '企业微信群', webhookType: 'wecom', webhookSecretHint: '' })],
      total: 2,
      pageNum: 1,
      pageSize: 20,
    });
    api.alterAlarmContact.mockResolvedValue({ id: 1 });
    renderWithClient(<AlarmContactsPage />);

    // the Feishu bot: the saved secret is shown masked as the placeholder; a blank field keeps it
    fireEvent.click(await screen.findByTestId('contact-edit-1'));
    let dialog = await screen.findByRole('dialog');
    const secret = within(dialog).getByTestId('contact-secret') as HTMLInputElement;
    expect(secret.placeholder).toBe('已保存 ••••cdef，留空则保持不变');
    expect(secret.value).toBe('');
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(api.alterAlarmContact).toHaveBeenCalled());
    expect(api.alterAlarmContact.mock.calls[0][0]).toMatchObject({
      id: 1,
      webhookType: 'feishu',
      webhookSecret: '',
      webhookSecretClear: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the WeCom bot: a secret is refused under its field, nothing is sent
    fireEvent.click(await screen.findByTestId('contact-edit-2'));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('contact-secret'), { target: { value: 'SEC0123456789abcdef' } });
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await within(dialog).findByText('只有钉钉和飞书机器人需要签名密钥')).toBeTruthy();
    const item = within(dialog).getByText('只有钉钉和飞书机器人需要签名密钥').closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByTestId('contact-secret')).toBeTruthy();
    expect(api.alterAlarmContact).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from './auth';
import { openLinked } from './openLinked';

// The helper is under test; the server is stood in for at its edge.
const api = vi.hoisted(() => ({ getLinkToken: vi.fn() }));
vi.mock('../api/auth', () => api);

describe('openLinked', () => {
  afterEach(() => vi.restoreAllMocks());

  const fakeTab = () => ({ opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() });

  it('opens the tab at once and sends it on with a link token, never the session token', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    setToken('SESSION-TOKEN');
    api.getLinkToken.mockResolvedValue({ token: 'lnk.1.newScreen.x.sig', expiresAt: 1 });
    await openLinked('https://screen.example/v2?a=1', 'newScreen', { groupId: '3' });
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.getLinkToken).toHaveBeenCalledWith('newScreen');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('https://screen.example/v2?a=1&token=lnk.1.newScreen.x.sig&groupId=3');
    expect(tab.location.href).not.toContain('SESSION-TOKEN');
  });

  it('closes the tab again when no token can be had', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    api.getLinkToken.mockRejectedValue(new Error('refused'));
    await openLinked('https://help.example/', 'help');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });
});

/**
 * SPEC §2: a screen opens at its address with its title. The screen's id goes along so that the
 * built-in multi-park screen (`/large-screen-multi`) knows which parks to show; other screens ignore it.
 */
export function screenUrl(address: string, title: string, screenId: number): string {
  const sep = address.includes('?') ? '&' : '?';
  return `${address}${sep}screenTitle=${encodeURIComponent(title)}&screenId=${screenId}`;
}

/** The built-in screens of one park (SPEC §2: single-park dark and light), opened for that park. */
export const builtInScreens = (groupId: number) =>
  [
    { key: 'dark', path: `/large-screen?groupId=${groupId}` },
    { key: 'tint', path: `/large-screen-tint?groupId=${groupId}` },
  ] as const;

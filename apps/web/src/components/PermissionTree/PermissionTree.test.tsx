import { PERMISSION_CATALOGUE } from '@farmpark/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/jsdomShims';
import i18n from '../../i18n';
import { compactGrants } from './grants';
import PermissionTree from './index';

const checkbox = (title: string) =>
  screen.getByTitle(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement;

describe('PermissionTree', () => {
  it('checks a whole section with one click and reports it as the section alone', () => {
    const onChange = vi.fn();
    render(<PermissionTree catalogue={PERMISSION_CATALOGUE} value={[]} onChange={onChange} />);
    fireEvent.click(checkbox('园区管理'));
    expect(onChange).toHaveBeenLastCalledWith(['/park']);
  });

  it('shows a granted section with all its pages checked, and unchecking one page keeps its siblings', () => {
    const onChange = vi.fn();
    render(<PermissionTree catalogue={PERMISSION_CATALOGUE} value={['/alarm']} onChange={onChange} />);
    for (const page of ['告警设置', '通知记录', '联系人管理']) {
      expect(checkbox(page).className).toContain('ant-tree-checkbox-checked');
    }
    fireEvent.click(checkbox('告警设置'));
    expect(onChange).toHaveBeenLastCalledWith(['/alarm/alarmList', '/alarm/alarmContacts']);
  });

  it('titles the tree in the current language', async () => {
    await i18n.changeLanguage('en-US');
    render(<PermissionTree catalogue={PERMISSION_CATALOGUE} value={[]} />);
    expect(screen.getByTitle('Park management')).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
  });
});

describe('compactGrants', () => {
  it('keeps a checked section whole and checked pages of a partly checked one', () => {
    const checked = new Set(['/park', '/park/parkInfo', '/system/user-mgt', '/system/system-log']);
    expect(compactGrants(PERMISSION_CATALOGUE, checked)).toEqual(['/park', '/system/user-mgt', '/system/system-log']);
    expect(compactGrants(PERMISSION_CATALOGUE, new Set())).toEqual([]);
  });
});

import { MB } from '@farmpark/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import { FileUsageView } from '.';

const usage = (used: number, quota = 10240 * MB) => ({
  usedBytes: used,
  quotaBytes: quota,
  kinds: [
    { kind: 'images' as const, bytes: used - 300 * MB, files: 12 },
    { kind: 'reports' as const, bytes: 300 * MB, files: 1 },
    { kind: 'videos' as const, bytes: 0, files: 0 },
    { kind: 'labels' as const, bytes: 0, files: 0 },
  ],
});
const bar = () => screen.getByRole('progressbar');

describe('the storage bar', () => {
  it("shows the company's use against its quota, split by kind on hover", async () => {
    render(<FileUsageView usage={usage(1536 * MB)} />);
    expect(screen.getByTestId('file-usage').textContent).toContain('存储空间 1.5 GB / 10.0 GB');
    expect(bar().getAttribute('aria-valuenow')).toBe('15');
    fireEvent.mouseEnter(screen.getByTestId('file-usage'));
    expect((await screen.findByText(/检测报告：300\.0 MB/)).textContent).toBe('检测报告：300.0 MB（1 个文件）');
    expect(screen.getByText('删除的文件在一天后释放空间')).toBeTruthy();
  });

  it('marks a full quota as an error, and says so when the use cannot be read', () => {
    const { unmount } = render(<FileUsageView usage={usage(10240 * MB)} />);
    expect(bar().closest('.ant-progress-status-exception')).not.toBeNull();
    unmount();
    render(<FileUsageView failed />);
    expect(screen.getByTestId('file-usage').textContent).toBe('存储用量暂时无法读取');
  });
});

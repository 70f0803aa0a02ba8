import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import ProgressDialog from './index';

afterEach(() => vi.useRealTimers());

describe('ProgressDialog', () => {
  it('shows the count rising to 100 and closes 300 ms later', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<ProgressDialog open duration={1000} title="Export" onClose={onClose} />);
    expect(screen.getByText('Export')).toBeTruthy();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

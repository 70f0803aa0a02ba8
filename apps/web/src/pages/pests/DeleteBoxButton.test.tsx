import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/jsdomShims';
import DeleteBoxButton from './DeleteBoxButton';

configure({ asyncUtilTimeout: 10_000 });

describe('DeleteBoxButton', () => {
  it('asks, naming the category, before a box is deleted; cancel keeps it', async () => {
    const onConfirm = vi.fn();
    render(
      <App>
        <DeleteBoxButton category="稻飞虱" onConfirm={onConfirm} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('delete-box'));
    expect(await screen.findByText('确定删除这个“稻飞虱”标注框吗？当天的数量会随之减少。')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('delete-box-cancel'));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('delete-box'));
    fireEvent.click(await screen.findByTestId('delete-box-ok'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('is disabled while no box is selected', () => {
    render(
      <App>
        <DeleteBoxButton category={null} onConfirm={() => {}} />
      </App>,
    );
    expect((screen.getByTestId('delete-box') as HTMLButtonElement).disabled).toBe(true);
  });
});

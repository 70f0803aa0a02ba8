import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The message under the form field with this label, once there is one. */
export const errorUnder = (label: string) =>
  waitFor(() => {
    const item = screen.getByText(label).closest('.ant-form-item') as HTMLElement;
    const error = item.querySelector('.ant-form-item-explain-error')?.textContent;
    expect(error).toBeTruthy();
    return error;
  });

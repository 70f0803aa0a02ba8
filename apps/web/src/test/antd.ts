import { act, fireEvent, waitFor } from '@testing-library/react';

/** Opens an antd Select (the element carrying its data-testid) and clicks the option with that label. */
export async function pickOption(select: HTMLElement, label: string) {
  fireEvent.mouseDown(select.querySelector('[role=combobox]') ?? select);
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (o) => o.getAttribute('title') === label && !o.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`no option "${label}" in an open select`);
    return found;
  });
  fireEvent.click(option);
}

/** Opens a date range picker (either of its inputs, or an element holding them) and clicks one of its presets. */
export async function pickPreset(picker: HTMLElement, label: string) {
  const input = picker instanceof HTMLInputElement ? picker : picker.querySelector('input');
  if (!input) throw new Error('the range picker has no input');
  act(() => {
    fireEvent.mouseDown(input);
    fireEvent.click(input);
  });
  const preset = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-picker-presets li')).find(
      (li) => li.textContent === label,
    );
    if (!found) throw new Error(`no preset "${label}"`);
    return found;
  });
  fireEvent.click(preset);
}

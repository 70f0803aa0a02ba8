import { Select } from 'antd';
import type { SearchField } from './types';

type Choice = { value: string | number | boolean; label: string };

/** A search field that picks one of `options`; left empty it means all of them, as `allText` says. */
export function choiceField(
  name: string,
  label: string,
  options: Choice[],
  allText: string,
  showSearch?: boolean,
): SearchField {
  return {
    name,
    label,
    input: (
      <Select<Choice['value'], Choice> allowClear showSearch={showSearch} placeholder={allText} options={options} />
    ),
  };
}

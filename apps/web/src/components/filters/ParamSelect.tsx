import type { ParamView } from '@farmpark/contracts';
import { Select } from 'antd';

/** The parameters to chart, several at once, by the names the device's parameter settings give them. */
export default function ParamSelect({
  params,
  value,
  onChange,
  placeholder,
  testId,
}: {
  params: readonly ParamView[];
  value: string[];
  onChange: (keys: string[]) => void;
  placeholder: string;
  testId: string;
}) {
  return (
    <Select
      mode="multiple"
      style={{ minWidth: 220, maxWidth: '100%' }}
      value={value}
      onChange={onChange}
      maxTagCount="responsive"
      placeholder={placeholder}
      options={params.map((p) => ({ value: p.key, label: p.name }))}
      data-testid={testId}
    />
  );
}

import type { BatchOptions } from '@farmpark/contracts';
import { Form, Select } from 'antd';

type Props = { options: BatchOptions | undefined; value?: number[]; onChange?: (v: number[]) => void };

/** Harvests of the plantings ticked above it in the same form (the server refuses any other). */
export function HarvestSelect({ options, value, onChange }: Props) {
  const form = Form.useFormInstance();
  const plantingIds: number[] = Form.useWatch('plantingIds', form) ?? [];
  return (
    <RecordSelect
      items={(options?.harvests ?? []).filter((h) => plantingIds.includes(h.plantingId))}
      value={value}
      onChange={onChange}
      testId="batch-harvests"
    />
  );
}

/** A multiple choice of the park's records of one kind. */
export function RecordSelect({
  items,
  value,
  onChange,
  testId,
}: {
  items: { id: number; label: string }[];
  value?: number[];
  onChange?: (v: number[]) => void;
  testId: string;
}) {
  return (
    <Select
      mode="multiple"
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      data-testid={testId}
      options={items.map((i) => ({ value: i.id, label: i.label }))}
    />
  );
}

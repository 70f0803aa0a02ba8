import type { Crop } from '@farmpark/contracts';
import { Form, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Proposes the expected harvest day as sowing day + the crop's growing days while the field is empty or
 * still holds the previous proposal; a day the user typed is left alone.
 */
export default function AutoHarvestDay({ form, crops }: { form: FormInstance; crops: readonly Crop[] | undefined }) {
  const cropId = Form.useWatch('cropId', form) as number | undefined;
  const sownOn = Form.useWatch('sownOn', form) as string | undefined;
  const proposed = useRef<string | null>(null);
  useEffect(() => {
    const crop = crops?.find((c) => c.id === cropId);
    if (!crop || !sownOn || !DAY.test(sownOn)) return;
    const current = form.getFieldValue('expectedHarvestOn') as string | undefined;
    if (current && current !== proposed.current) return;
    const day = plusDays(sownOn, crop.growingDays);
    proposed.current = day;
    form.setFieldsValue({ expectedHarvestOn: day });
  }, [cropId, sownOn, crops, form]);
  return null;
}

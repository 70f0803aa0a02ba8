import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { parkNow, toPicker } from '../../../utils/time';

export type Range = [Dayjs, Dayjs];

/** A range in the park's zone that ends now and starts `amount` `unit`s earlier (playback, time-lapses). */
export function useRecentRange(amount: number, unit: 'hour' | 'day') {
  return useState<Range>(() => [toPicker(parkNow().subtract(amount, unit).valueOf()), toPicker(Date.now())]);
}

/** A start and an end to the minute, never empty. */
export function MinuteRangePicker(props: { value: Range; onChange: (r: Range) => void; testId?: string }) {
  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={props.value}
      allowClear={false}
      onChange={(v) => v?.[0] && v[1] && props.onChange([v[0], v[1]])}
      data-testid={props.testId}
    />
  );
}

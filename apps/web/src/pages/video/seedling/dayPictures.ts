import type { SnapshotItem } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { getSnapshotDays, getSnapshots } from '../../../api/video';
import { fromPicker, useParkZone } from '../../../utils/time';

/** The pictures of one camera on one park day (the picker's day read in the park's zone). */
export function useDayPictures(cameraId: number | null, day: Dayjs | null) {
  const zone = useParkZone();
  const start = day ? fromPicker(day.startOf('day'), zone) : 0;
  const end = day ? fromPicker(day.add(1, 'day').startOf('day'), zone) : 0;
  return useQuery<SnapshotItem[]>({
    queryKey: ['video', 'pictures', cameraId, start, end],
    queryFn: () => getSnapshots(cameraId as number, start, end),
    enabled: cameraId !== null && day !== null,
  });
}

/** Days holding pictures (YYYY-MM-DD in the park's zone), to mark them in the date picker. */
export function usePictureDays(cameraId: number | null) {
  const zone = useParkZone();
  const q = useQuery({
    queryKey: ['video', 'pictureDays', cameraId, zone],
    queryFn: () => getSnapshotDays(cameraId as number, zone),
    enabled: cameraId !== null,
  });
  return new Map((q.data ?? []).map((d) => [d.day, d.count]));
}

import { z } from 'zod';
import { id } from '../envelope';
import { refinement } from '../errorDetail';
import { boolField, epochMsField, intField, optional, withDefault } from '../requestValues';
import { timeZoneField } from '../timeZone';

/**
 * Camera pictures kept by the server (issue 15, items 7 and 8): scheduled snapshots for the seedling
 * diary, the wall's snapshot button, and the pictures an alarm keeps from the cameras nearest its
 * device; time-lapse videos made from a range of them with ffmpeg.
 */
const S = '/api/merchant/video/snapshot';
export const SNAPSHOT_PATHS = {
  list: `${S}/getSnapshotList`,
  days: `${S}/getSnapshotDays`,
  file: `${S}/getSnapshotFile`,
  take: `${S}/takeSnapshot`,
  ofAlarm: `${S}/getAlarmSnapshots`,
  alarmFile: `${S}/getAlarmSnapshotFile`,
  addTimelapse: `${S}/addTimelapse`,
  timelapseList: `${S}/getTimelapseList`,
  timelapseDetail: `${S}/getTimelapseDetail`,
  timelapseFile: `${S}/getTimelapseFile`,
  /** The newest picture of each camera of a park (`groupId`), for the data screens (watching permission). */
  latest: `${S}/getLatestSnapshots`,
  latestFile: `${S}/getLatestSnapshotFile`,
} as const;

export const SNAPSHOT_SOURCES = ['schedule', 'manual', 'alarm'] as const;
export type SnapshotSource = (typeof SNAPSHOT_SOURCES)[number];

/** A browse answer holds at most this many pictures (a day at one a minute fits). */
export const SNAPSHOT_LIST_MAX = 1500;
/** A time-lapse takes at most this many frames (evenly thinned beyond it). */
export const TIMELAPSE_MAX_FRAMES = 1800;

const endAfterStart = (q: { start: number; end: number }) => q.end > q.start;

export const snapshotListQuery = z
  .object({
    cameraId: id,
    start: epochMsField(),
    end: epochMsField(),
  })
  .refine(endAfterStart, refinement('after', { other: 'start' }, ['end']));
export type SnapshotListQuery = z.infer<typeof snapshotListQuery>;

/** Days (in the given IANA zone, default the park's) that hold pictures, for the date picker. */
export const snapshotDaysQuery = z.object({ cameraId: id, tz: optional(timeZoneField) });

export const snapshotIdQuery = z.object({ id });
/** `thumb`: a 320 px wide JPEG for lists (the original otherwise). */
export const snapshotFileQuery = z.object({ id, thumb: withDefault(boolField(), false) });
export const takeSnapshotBody = z.object({ cameraId: id });
export const alarmSnapshotsQuery = z.object({ alarmId: id });

export interface SnapshotItem {
  id: number;
  cameraId: number;
  takenAt: number;
  source: SnapshotSource;
  width: number;
  height: number;
  /** Path of the picture (with ?id=), fetched through the console's HTTP client. */
  url: string;
}

/** A camera of a park as a data screen's tile shows it (`latest`): set up and enabled for video. */
export interface CameraPictureItem {
  cameraId: number;
  /** Minutes between scheduled pictures; 0: the camera has no picture schedule. */
  everyMinutes: number;
  /** Its newest picture, whatever took it (`url`: the `latestFile` route), or null: none yet. */
  picture: SnapshotItem | null;
}

export interface SnapshotDay {
  /** YYYY-MM-DD in the zone asked for. */
  day: string;
  count: number;
}

/** A picture an alarm kept; its `url` is the alarm file route (the alarm record's permission). */
export interface AlarmSnapshotItem extends SnapshotItem {
  cameraName: string;
}

export const TIMELAPSE_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TimelapseState = (typeof TIMELAPSE_STATES)[number];

export const addTimelapseBody = z
  .object({
    cameraId: id,
    start: epochMsField(),
    end: epochMsField(),
    fps: withDefault(
      intField((n) => n.min(1).max(30)),
      10,
    ),
  })
  .refine(endAfterStart, refinement('after', { other: 'start' }, ['end']));
export type AddTimelapseBody = z.infer<typeof addTimelapseBody>;

export const timelapseListQuery = z.object({ cameraId: id });

export interface TimelapseItem {
  id: number;
  cameraId: number;
  start: number;
  end: number;
  fps: number;
  state: TimelapseState;
  /** Frames in the video and how many ffmpeg has encoded so far. */
  frames: number;
  done: number;
  error: string;
  bytes: number;
  createdAt: number;
  finishedAt: number | null;
  /** Path of the MP4 (with ?id=) once done, '' before. */
  url: string;
}

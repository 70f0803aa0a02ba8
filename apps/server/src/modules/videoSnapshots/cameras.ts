import type { Scope } from '../../db/scope';

/** What the picture side needs to know of a camera (the cameras themselves belong to modules/video). */
export interface SnapshotCamera {
  id: number;
  merchantId: number;
  groupId: number;
  name: string;
  plotId: number | null;
  longitude: number | null;
  latitude: number | null;
  /** Minutes between scheduled pictures; 0 = no schedule. */
  snapshotMinutes: number;
  enabled: boolean;
  /** Failed contacts in a row, and when the last contact was (video/health.ts). */
  failures: number;
  checkedAt: number | null;
}

export interface CameraSource {
  /** Enabled cameras of every merchant whose schedule asks for pictures. */
  scheduled(): Promise<SnapshotCamera[]>;
  /** Enabled cameras of one park. */
  ofPark(merchantId: number, groupId: number): Promise<SnapshotCamera[]>;
  /** A camera within the caller's parks, or undefined (another merchant's is the same as none). */
  inScope(scope: Scope, id: number): Promise<SnapshotCamera | undefined>;
  /** One JPEG frame from the camera now. */
  capture(cameraId: number): Promise<Buffer>;
}

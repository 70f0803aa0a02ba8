/** The kinds of file the server keeps for a merchant, each counted against its disk quota. */
export const FILE_KINDS = ['images', 'reports', 'videos', 'labels'] as const;
export type StoredFileKind = (typeof FILE_KINDS)[number];

/** A merchant's disk use in the file store (`system/getFileUsage`). */
export interface FileUsage {
  usedBytes: number;
  quotaBytes: number;
  /** Per kind: the bytes and the number of distinct files (the same content named twice counts once). */
  kinds: { kind: StoredFileKind; bytes: number; files: number }[];
}

export const MB = 1024 * 1024;

/** A size as people read it: 512 KB, 12.3 MB, 9.8 GB (binary units, one decimal from MB up). */
export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / 1024 / MB).toFixed(1)} GB`;
}

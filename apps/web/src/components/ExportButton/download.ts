import { AUTH_HEADER } from '@farmpark/contracts';
import i18n from '../../i18n';
import { getToken } from '../../utils/auth';

export interface DownloadProgress {
  received: number;
  /** From Content-Length when the server sent one; streamed exports usually have none. */
  total: number | null;
}

/** The file name from Content-Disposition (RFC 5987 `filename*` first), else the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** An export that failed: a JSON envelope instead of a file, or a broken connection. */
export class DownloadError extends Error {}

/**
 * Streams a file from the API, reporting bytes as they arrive, and returns it as a Blob with its
 * name. An error envelope (e.g. a bad filter, code 1001) becomes a DownloadError with its message.
 */
export async function fetchDownload(
  url: string,
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  const token = getToken();
  if (token) headers[AUTH_HEADER] = token;
  const res = await fetch(url, { headers, signal });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let message = i18n.t('export.failed', { status: res.status });
    try {
      const body = (await res.json()) as { msg?: string };
      if (body.msg) message = body.msg;
    } catch {
      // not JSON: keep the status message
    }
    throw new DownloadError(message);
  }
  const lengthHeader = res.headers.get('content-length');
  const total = lengthHeader ? Number(lengthHeader) : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } else {
    const buf = new Uint8Array(await res.arrayBuffer());
    chunks.push(buf);
    received = buf.byteLength;
    onProgress({ received, total });
  }
  const blob = new Blob(chunks as BlobPart[], { type });
  return { blob, filename: filenameOf(res.headers.get('content-disposition'), 'export') };
}

export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

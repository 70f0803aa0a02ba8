import { onTestFinished, vi } from 'vitest';

/**
 * A server that answers every fetch with this CSV file, and a browser that saves it: jsdom has no object
 * URLs and cannot navigate, so the blobs the browser would save and the link's click are kept instead.
 * All of it is put back when the test finishes.
 */
export function stubDownload(csv: string, disposition: string) {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(csv, { headers: { 'content-type': 'text/csv', 'content-disposition': disposition } }),
  );
  vi.stubGlobal('fetch', fetch);
  const saved: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  };
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    click.mockRestore();
    vi.unstubAllGlobals();
  });
  return { fetch, saved, click };
}

/** The text of a blob (jsdom's Blob has no text()). */
export const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

import { Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';

/**
 * Shows a fetched file: a PDF in a frame, a picture inline. The bytes come through the one HTTP client (with
 * the session token) and are shown from a blob: URL, revoked when the view closes.
 */
export default function FileView({ load, title }: { load: () => Promise<{ blob: Blob }>; title: string }) {
  const [file, setFile] = useState<{ url: string; pdf: boolean } | null | 'failed'>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    load().then(
      ({ blob }) => {
        url = URL.createObjectURL(blob);
        if (live) setFile({ url, pdf: blob.type === 'application/pdf' });
      },
      () => live && setFile('failed'),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [load]);
  if (file === 'failed') return <Empty />;
  if (file === null) return <Spin />;
  return file.pdf ? (
    <iframe
      src={file.url}
      title={title}
      style={{ width: '100%', height: '70vh', border: 0 }}
      data-testid="report-file-pdf"
    />
  ) : (
    <img src={file.url} alt={title} style={{ maxWidth: '100%' }} data-testid="report-file-image" />
  );
}

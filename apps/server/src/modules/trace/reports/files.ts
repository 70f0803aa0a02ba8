import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Code, REPORT_MAX_BYTES, type ReportFileType } from '@farmpark/contracts';
import { ApiError } from '../../../http/apiError';
import { checkPicture, PICTURE_LIMITS } from '../../../http/pictures';

export interface CheckedReportFile {
  type: ReportFileType;
  mime: string;
  bytes: number;
}
const refuse = (zh: string, en: string) =>
  new ApiError(Code.VALIDATION, { zh: `body: ${zh}`, en: `body: ${en}` }, { field: 'body', rule: 'invalid' });
const EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * An inspection report's file is a PDF or a picture, known by its content: a PDF starts with `%PDF-` and
 * ends with an `%%EOF` marker near its end (a cut-off upload has none); a picture is decoded by the one
 * picture check. Whatever the name or Content-Type claims does not count.
 */
export async function checkReportFile(body: unknown): Promise<CheckedReportFile> {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw refuse('请上传 PDF 或图片文件', 'send the report file (PDF, JPEG, PNG or WebP) as the body');
  if (body.length > REPORT_MAX_BYTES)
    throw refuse(
      `报告文件不能超过 ${REPORT_MAX_BYTES / 1024 / 1024} MB`,
      `the report file is larger than ${REPORT_MAX_BYTES / 1024 / 1024} MB`,
    );
  if (body.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!body.subarray(-1024).toString('latin1').includes('%%EOF'))
      throw refuse('PDF 文件不完整', 'the PDF is truncated (no %%EOF at its end)');
    return { type: 'pdf', mime: 'application/pdf', bytes: body.length };
  }
  const picture = await checkPicture(body, { ...PICTURE_LIMITS, maxBytes: REPORT_MAX_BYTES }).catch(() => {
    throw refuse('只接受 PDF 或 JPEG、PNG、WebP 图片', 'only a PDF or a JPEG, PNG or WebP picture is accepted');
  });
  return { type: 'image', mime: picture.mime, bytes: picture.bytes };
}

/** Report files under `{dataDir}/reports/ab/{sha256}.{ext}`, content-addressed like pictures. */
export function createReportFiles(dataDir: string) {
  const root = join(dataDir, 'reports');
  const pathOf = (sha256: string, mime: string) => join(root, sha256.slice(0, 2), `${sha256}.${EXT[mime] ?? 'bin'}`);
  async function put(buf: Buffer, mime: string): Promise<{ sha256: string }> {
    const sha256 = createHash('sha256').update(buf).digest('hex');
    const full = pathOf(sha256, mime);
    const exists = await stat(full).then(
      (s) => s.size === buf.length,
      () => false,
    );
    if (!exists) {
      await mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
      const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, buf);
      await rename(tmp, full);
    }
    return { sha256 };
  }
  return { pathOf, put };
}

import { Code, REPORT_MAX_BYTES, type ReportFileType } from '@farmpark/contracts';
import { contentStore, extOf } from '../../../files/contentStore';
import type { FileOwner } from '../../../files/ledger';
import { ApiError } from '../../../http/apiError';
import { checkPicture, PICTURE_LIMITS } from '../../../http/pictures';

export interface CheckedReportFile {
  type: ReportFileType;
  mime: string;
  bytes: number;
}
const refuse = (zh: string, en: string) =>
  new ApiError(Code.VALIDATION, { zh: `body: ${zh}`, en: `body: ${en}` }, { field: 'body', rule: 'invalid' });

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

/** Report files in the one file store, under `{dataDir}/reports/ab/{sha256}.{ext}`. */
export function createReportFiles(dataDir: string) {
  const files = contentStore(dataDir, 'reports');
  return {
    pathOf: (sha256: string, mime: string) => files.pathOf(sha256, extOf(mime)),
    put: async (buf: Buffer, mime: string, owner: FileOwner): Promise<{ sha256: string }> => ({
      sha256: (await files.put(buf, extOf(mime), owner)).sha256,
    }),
  };
}

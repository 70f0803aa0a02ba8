import { Code, formatTraceCode, TRACE_LABELS_MAX } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { ApiError } from '../../../http/apiError';
import { type BatchRef, codesInOrder, countLive, LAST_SEQ } from '../codes/repo';
import { codeUrl } from '../codes/service';
import type { Label } from './labelSheet';

/** Which codes a sheet holds: seq fromSeq..toSeq of the batch (all by default), voided ones left out. */
export interface LabelRange {
  fromSeq?: number;
  toSeq?: number;
}

/** How many labels the range makes; more than one file holds is refused before anything is drawn. */
export async function labelCount(db: Db, batch: BatchRef, range: LabelRange): Promise<number> {
  const n = await countLive(db, batch, range.fromSeq ?? 1, range.toSeq ?? LAST_SEQ);
  if (n > TRACE_LABELS_MAX)
    throw new ApiError(
      Code.CONFLICT,
      {
        zh: `toSeq: 一个文件最多 ${TRACE_LABELS_MAX} 张标签，请分段下载（起止序号）`,
        en: `toSeq: a file holds at most ${TRACE_LABELS_MAX} labels; download a range at a time (fromSeq, toSeq)`,
      },
      { field: 'toSeq', rule: 'max', params: { max: TRACE_LABELS_MAX } },
    );
  return n;
}

/** The labels of a batch's live codes in seq order, read a page at a time: product, lot and number, QR, code. */
export async function* codeLabels(db: Db, batch: BatchRef, base: string, range: LabelRange): AsyncIterable<Label> {
  for await (const code of codesInOrder(db, batch, range.fromSeq ?? 1, range.toSeq ?? LAST_SEQ, true))
    yield {
      title: batch.product_name,
      lines: [`${batch.lot}  #${code.seq}`],
      qrUrl: codeUrl(base, batch, code.code),
      codeText: formatTraceCode(code.code),
    };
}

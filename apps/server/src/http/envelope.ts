import { Code, DEFAULT_MESSAGES, type Envelope, type ErrorDetail } from '@farmpark/contracts';

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.OK, msg: DEFAULT_MESSAGES[Code.OK], data };
}

/** `details`: which field broke which rule (validation and business errors); else `data` is null. */
export function failure(code: number, msg: string, details?: ErrorDetail[]): Envelope<ErrorDetail[] | null> {
  return { code, msg, data: details?.length ? details : null };
}

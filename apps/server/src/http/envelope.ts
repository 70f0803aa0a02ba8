import { Code, DEFAULT_MESSAGES, type Envelope } from '@farmpark/contracts';

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.OK, msg: DEFAULT_MESSAGES[Code.OK], data };
}

export function failure(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}

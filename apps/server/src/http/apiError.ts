import { Code, type CodeValue, DEFAULT_MESSAGES } from '@farmpark/contracts';

/** A business error: answered as HTTP 200 with a non-zero code and a message a person can act on. */
export class ApiError extends Error {
  readonly code: CodeValue;
  constructor(code: CodeValue, message?: string) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.code = code;
  }
}

export const notFound = (what: string) => new ApiError(Code.NOT_FOUND, `${what} not found`);

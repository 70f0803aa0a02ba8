import {
  Code,
  type CodeValue,
  codeMessage,
  type ErrorDetail,
  type LocalizedText,
  type MessageLang,
} from '@farmpark/contracts';

/**
 * A business error: answered as HTTP 200 with a non-zero code and a message a person can act on.
 * The message may be given in both languages; without one, the code's default message is sent, in
 * the caller's language (Accept-Language). A plain string is sent as is.
 */
export class ApiError extends Error {
  readonly code: CodeValue;
  readonly text: string | LocalizedText | undefined;
  /** Which field broke which rule, for the console to phrase and show under the field (envelope `data`). */
  readonly details: ErrorDetail[];
  constructor(code: CodeValue, message?: string | LocalizedText, detail?: ErrorDetail | ErrorDetail[]) {
    super(typeof message === 'string' ? message : (message?.en ?? codeMessage(code, 'en')));
    this.code = code;
    this.text = message;
    this.details = detail === undefined ? prefixDetail(this.message) : Array.isArray(detail) ? detail : [detail];
  }

  messageIn(lang: MessageLang): string {
    if (this.text === undefined) return codeMessage(this.code, lang);
    return typeof this.text === 'string' ? this.text : this.text[lang];
  }
}

/**
 * Messages written before details existed follow the house form `field: what is wrong`; that field
 * is named with the rule `invalid`, so the console still shows the server's sentence under it.
 */
function prefixDetail(message: string): ErrorDetail[] {
  const m = /^([A-Za-z][A-Za-z0-9_.]*)(?:: |：)/.exec(message);
  return m ? [{ field: m[1], rule: 'invalid' }] : [];
}

export const notFound = (what: string) => new ApiError(Code.NOT_FOUND, `${what} not found`);

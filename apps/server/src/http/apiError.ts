import { Code, type CodeValue, codeMessage, type LocalizedText, type MessageLang } from '@farmpark/contracts';

/**
 * A business error: answered as HTTP 200 with a non-zero code and a message a person can act on.
 * The message may be given in both languages; without one, the code's default message is sent, in
 * the caller's language (Accept-Language). A plain string is sent as is.
 */
export class ApiError extends Error {
  readonly code: CodeValue;
  readonly text: string | LocalizedText | undefined;
  constructor(code: CodeValue, message?: string | LocalizedText) {
    super(typeof message === 'string' ? message : (message?.en ?? codeMessage(code, 'en')));
    this.code = code;
    this.text = message;
  }

  messageIn(lang: MessageLang): string {
    if (this.text === undefined) return codeMessage(this.code, lang);
    return typeof this.text === 'string' ? this.text : this.text[lang];
  }
}

export const notFound = (what: string) => new ApiError(Code.NOT_FOUND, `${what} not found`);

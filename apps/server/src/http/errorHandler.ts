import type { Socket } from 'node:net';
import { Code, type CodeValue, codeMessage, issueDetail, messageLang } from '@farmpark/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { ApiError, invalidRequest } from './apiError';
import { failure } from './envelope';

/**
 * Longest URL (path and query) the API reads. Lists in query strings are a few dozen ids; anything
 * longer is a mistake or an attack. Node's own header limit (16 KB, `maxHeaderSize`) stops longer
 * request lines before Fastify: `clientErrorHandler` answers those.
 */
export const MAX_URL_LENGTH = 8192;

/** Fastify's own errors while reading a request, by its error code: our code and the HTTP status kept. */
const FASTIFY_CODES: Record<string, { code: CodeValue; status: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: Code.BODY_TOO_LARGE, status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: Code.UNSUPPORTED_MEDIA_TYPE, status: 415 },
};

/**
 * What Fastify's router refuses before any route or hook (a path parameter over `maxParamLength`, a path that
 * does not decode) answers in the envelope too, with the status a client expects.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = messageLang(req.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    reply
      .status(414)
      .send(
        failure(
          Code.URL_TOO_LONG,
          `${codeMessage(Code.URL_TOO_LONG, lang)} (a path part over ${MAX_PARAM_LENGTH} characters)`,
        ),
      );
  else reply.status(200).send(failure(Code.BAD_REQUEST, codeMessage(Code.BAD_REQUEST, lang)));
}

/** Longest path parameter (ids, codes, tokens, file names are far shorter): Fastify's default, said once here. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Maps every error to the envelope: business errors and validation are HTTP 200 with their code;
 * an unreadable body is 1000 (HTTP 200, as SPEC's console expects); a body too large or of an
 * unknown type keeps its HTTP status with its own code; anything else is a bug (HTTP 500, code 1500, logged).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.length <= MAX_URL_LENGTH) return;
    const lang = messageLang(req.headers['accept-language']);
    return reply
      .status(414)
      .send(
        failure(Code.URL_TOO_LONG, `${codeMessage(Code.URL_TOO_LONG, lang)} (at most ${MAX_URL_LENGTH} characters)`),
      );
  });

  app.setErrorHandler((error, req, reply) => {
    const err = error as FastifyError | ApiError;
    const lang = messageLang(req.headers['accept-language']);
    // A schema's refusal is a validation error like any other: its details phrased in the caller's language.
    const refusal = err instanceof ApiError ? err : hasZodFastifySchemaValidationErrors(err) ? schemaError(err) : null;
    if (refusal) return reply.status(200).send(failure(refusal.code, refusal.messageIn(lang), refusal.details));

    const known = FASTIFY_CODES[(err as FastifyError).code ?? ''];
    if (known) return reply.status(known.status).send(failure(known.code, codeMessage(known.code, lang)));

    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's other 4xx: unparsable JSON or form body, a bad Content-Length.
      return reply
        .status(200)
        .send(failure(Code.BAD_REQUEST, `${codeMessage(Code.BAD_REQUEST, lang)}: ${err.message}`));
    }

    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(failure(Code.INTERNAL, `${codeMessage(Code.INTERNAL, lang)} (request ${req.id})`));
  });
}

/** The type provider spreads each zod issue (bounds, origin, a refinement's params) into `params`. */
function schemaError(err: { validation: ZodFastifySchemaValidationError[] }): ApiError {
  return invalidRequest(
    err.validation.map((v) => {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return issueDetail({ ...v.params, keyword: v.keyword, message: v.message }, field || undefined);
    }),
  );
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (headers or
 * request line over 16 KB, a malformed request line) still gets the envelope. The language is not
 * known here (the headers were not read), so the message is English.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, Code.URL_TOO_LONG] as const)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, Code.BAD_REQUEST] as const)
        : ([400, Code.BAD_REQUEST] as const);
  const msg = status === 431 ? 'The request URL or headers are too long (at most 16 KB)' : codeMessage(code, 'en');
  const body = JSON.stringify(failure(code, msg));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

import { Code, codeMessage, messageLang } from '@farmpark/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from './apiError';
import { failure } from './envelope';

/** `groupName must not be empty` stays as is; `must contain a digit` becomes `newPwd: must contain a digit`. */
export function fieldMessage(field: string, message: string): string {
  if (!field) return message;
  return message.startsWith(`${field} `) ? message : `${field}: ${message}`;
}

/**
 * Maps every error to the envelope: business errors and validation are HTTP 200 with their code;
 * an unreadable body is 1000; anything else is a bug (HTTP 500, code 1500, logged).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, req, reply) => {
    const err = error as FastifyError | ApiError;
    const lang = messageLang(req.headers['accept-language']);
    if (err instanceof ApiError) return reply.status(200).send(failure(err.code, err.messageIn(lang)));

    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const messages = err.validation.map((v) =>
        fieldMessage(v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where, v.message ?? 'is invalid'),
      );
      return reply.status(200).send(failure(Code.VALIDATION, [...new Set(messages)].join('; ')));
    }

    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: unparsable JSON or form body, unsupported content type, body too large.
      return reply
        .status(200)
        .send(failure(Code.BAD_REQUEST, `${codeMessage(Code.BAD_REQUEST, lang)}: ${err.message}`));
    }

    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(failure(Code.INTERNAL, `${codeMessage(Code.INTERNAL, lang)} (request ${req.id})`));
  });
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, appError } from './app-error';
import { toAppError } from './handler';

describe('toAppError', () => {
  it('keeps AppErrors as they are', () => {
    const e = appError('email_taken');
    expect(toAppError(e)).toBe(e);
  });

  it('API.problem.errors-keyed-by-field, API.problem.nested-fields-dotted: turns a ZodError into a 400 naming each dotted field', () => {
    const schema = z.object({ individual: z.object({ dob: z.string({ error: 'dob!' }) }), list: z.array(z.number()) });
    const result = schema.safeParse({ individual: {}, list: ['x'] });
    const e = toAppError(result.error);
    expect(e.status).toBe(400);
    expect(e.errors).toEqual({ 'individual.dob': ['dob!'], 'list.0': [expect.any(String)] });
  });

  it.each([
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'payload_too_large'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'invalid_json'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'invalid_json'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'unsupported_media_type'],
  ])('CORE.http.framework-errors-mapped: maps Fastify %s to %i %s', (code, status, ours) => {
    const e = toAppError(Object.assign(new Error('x'), { code, statusCode: status }));
    expect([e.status, e.code]).toEqual([status, ours]);
  });

  it('CORE.http.framework-errors-mapped: keeps other client errors 4xx and maps 429 to rate_limited', () => {
    expect(toAppError(Object.assign(new Error('bad url'), { statusCode: 400, code: 'FST_ERR_BAD_URL' })).status).toBe(400);
    expect(toAppError(Object.assign(new Error('slow down'), { statusCode: 429 })).code).toBe('rate_limited');
  });

  it('hides anything unexpected behind a generic 500', () => {
    const e = toAppError(new TypeError('secret internals'));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(500);
    expect(e.detail).not.toContain('secret');
  });

  it('API.problem.body-fields, API.problem.title-status-text: problem bodies carry title, status, detail and code', () => {
    expect(appError('invalid_credentials').toProblem()).toEqual({
      title: 'Unauthorized',
      status: 401,
      detail: 'Invalid email or password.',
      code: 'invalid_credentials',
    });
  });
});

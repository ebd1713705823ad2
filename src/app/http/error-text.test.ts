// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { statusTexts } from '../../shared/messages';
import { errorText, fieldErrorsOf } from './error-text';

describe('spec A §8 error text order', () => {
  test("A8.error-text.validation-errors-first: validation errors joined by '; ' come first", () => {
    const body = {
      title: 'Bad Request',
      status: 400,
      detail: 'Invalid request.',
      message: 'm',
      errors: { email: ['Please enter a valid Email Address.'], password: ['Password is required.', 'Too short.'] },
    };
    expect(errorText(400, body)).toBe('Please enter a valid Email Address.; Password is required.; Too short.');
  });

  test('A8 error text: empty validation errors are skipped', () => {
    expect(errorText(400, { title: 'Bad Request', status: 400, detail: 'Invalid request.', errors: {} })).toBe('Invalid request.');
  });

  test('A8.error-text.problem-detail-second: problem detail comes second, before title', () => {
    expect(errorText(409, { title: 'Conflict', status: 409, detail: 'An account with this email address already exists.' })).toBe(
      'An account with this email address already exists.',
    );
  });

  test("A8.error-text.problem-detail-second: a problem detail holding JSON gives its 'error' field", () => {
    const body = { title: 'Bad Request', status: 400, detail: JSON.stringify({ error: 'Insufficient funds.', code: 7 }) };
    expect(errorText(400, body)).toBe('Insufficient funds.');
  });

  test("A8 error text: JSON detail without an 'error' field is shown as it is", () => {
    const detail = JSON.stringify({ reason: 'x' });
    expect(errorText(400, { title: 'Bad Request', status: 400, detail })).toBe(detail);
  });

  test('A8.error-text.title-third: title comes third', () => {
    expect(errorText(403, { title: 'Forbidden', status: 403, message: 'm', error: 'e' })).toBe('Forbidden');
  });

  test('A8.error-text.message-fourth: message comes fourth', () => {
    expect(errorText(500, { message: 'Something broke.', error: 'e', detail: 'd' })).toBe('Something broke.');
  });

  test('A8.error-text.error-fifth: error comes fifth', () => {
    expect(errorText(500, { error: 'upstream_timeout', detail: 'd' })).toBe('upstream_timeout');
  });

  test('A8.error-text.detail-sixth: detail of a non-problem body comes sixth', () => {
    expect(errorText(502, { detail: 'Gateway had a bad day.' })).toBe('Gateway had a bad day.');
  });

  test('A8.error-text.status-text-last: otherwise the status table text with the code appended', () => {
    expect(errorText(404, undefined)).toBe('Resource not found (404)');
    expect(errorText(503, '<html>proxy page</html>')).toBe('Service unavailable (503)');
    expect(errorText(500, { title: '   ' })).toBe('Internal server error (500)');
  });

  test('A8.error-text.status-texts: the table holds the thirteen texts of the spec', () => {
    expect(statusTexts).toEqual({
      0: 'Network connection failed',
      400: 'Bad request',
      401: 'Unauthorized',
      403: 'Access forbidden',
      404: 'Resource not found',
      408: 'Request timeout',
      409: 'Conflict',
      422: 'Validation failed',
      429: 'Too many requests',
      500: 'Internal server error',
      502: 'Bad gateway',
      503: 'Service unavailable',
      504: 'Gateway timeout',
    });
  });

  test('A8 error text: every status of the table', () => {
    for (const [code, text] of Object.entries(statusTexts)) {
      expect(errorText(Number(code), null)).toBe(`${text} (${code})`);
    }
    expect(errorText(0, undefined)).toBe('Network connection failed (0)');
  });

  test('A8 error text: a status outside the table still names the code', () => {
    expect(errorText(418, undefined)).toBe('Request failed (418)');
  });
});

test('field errors are read from the problem errors member', () => {
  expect(fieldErrorsOf({ errors: { email: ['a'], name: 'b', empty: [] } })).toEqual({ email: ['a'], name: ['b'] });
  expect(fieldErrorsOf({ title: 'x' })).toBeUndefined();
});

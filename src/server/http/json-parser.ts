import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser, except that an empty body is "no payload" rather than an error:
 * several calls of spec A §7 (logout, refresh, code requests) have an empty payload and
 * clients differ in whether they still send Content-Type: application/json.
 */
export function installJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
}

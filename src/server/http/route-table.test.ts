import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { Authenticator } from '../auth';
import { defineRoute } from './route';
import { installRouteTable } from './route-table';

describe('the route table lists every route the app serves', () => {
  it('CORE.http.route-table-complete: plain routes, routes inside plugins, HEAD twins of GET routes, and the contract of defineRoute routes', async () => {
    const app = Fastify({ logger: false });
    installRouteTable(app);
    const body = z.object({ n: z.number() });
    defineRoute(app, {} as Authenticator, {
      method: 'POST',
      url: '/v1/things',
      auth: false,
      body,
      response: z.object({}),
      handler: async () => ({}),
    });
    app.get('/plain', async () => 'ok');
    await app.register(async (scope) => {
      scope.delete('/scoped/:id', async () => 'ok');
    });
    await app.ready();
    const table = app.routeTable().map((r) => `${r.method} ${r.url}`);
    expect(table).toEqual(expect.arrayContaining(['POST /v1/things', 'GET /plain', 'HEAD /plain', 'DELETE /scoped/:id']));
    expect(app.routeTable().find((r) => r.url === '/v1/things')?.contract).toEqual({
      auth: false,
      body,
      query: undefined,
      params: undefined,
    });
    expect(app.routeTable().find((r) => r.url === '/plain')?.contract).toBeNull();
    await app.close();
  });
});

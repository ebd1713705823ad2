import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the server, never to the web app's router. */
const SERVER_PREFIXES = ['/v1/', '/dev/', '/hubs/', '/healthz'];

export function hasBuiltApp(staticDir: string | undefined): staticDir is string {
  return !!staticDir && fs.existsSync(path.join(staticDir, 'index.html'));
}

/**
 * Whether an unmatched request should get index.html so the web app's router can show it:
 * a GET/HEAD for a page (no file extension) outside the server's own paths.
 */
export function wantsSpaFallback(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (SERVER_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))) return false;
  return path.extname(pathname) === '';
}

/** Serves the built web app from `staticDir`; hashed assets are cached for good, the rest revalidated. */
export async function registerWebApp(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}

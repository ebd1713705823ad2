import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A throwaway HTTP server on 127.0.0.1 serving a fixed set of in-memory files (a bundled
// page and worker), so a benchmark can run code in Chromium from a real origin.

export interface StaticFile {
  readonly type: string;
  readonly body: string | Uint8Array;
}

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `isolated` sends COOP/COEP so the page is cross-origin isolated: performance.now() then has
 * 5 µs resolution in the page and its workers instead of 100 µs.
 */
export async function serveStatic(
  files: Readonly<Record<string, StaticFile>>,
  options: { isolated?: boolean } = {},
): Promise<StaticServer> {
  const extra: Record<string, string> = options.isolated
    ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
    : {};
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = files[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store', ...extra }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

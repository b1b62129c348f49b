// Test support: the frontend's own origin — a static server on 127.0.0.1 (another port than the
// API, so another origin) that serves one HTML page and the page app bundled for the browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mgmt-kit frontend</title></head>
<body><p id="status">loading the app</p><ul id="log"></ul><script type="module" src="/app.js"></script></body></html>`;

/** The running page server. */
export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/** Bundles `page-app.ts` (typed client included) for the browser and serves it with the page. */
export async function servePage(): Promise<PageServer> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./page-app.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser', // axios' browser build (XHR); fails if the client pulls in a Node built-in
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const app = bundle.outputFiles[0]!.text;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (path === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(app);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

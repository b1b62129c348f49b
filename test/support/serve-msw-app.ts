// A page for the msw browser tests: the app source bundled for the browser with esbuild (the
// build fails if the handlers pull in a Node built-in), served from one origin with msw's
// mockServiceWorker.js, as a frontend app serves it after `npx msw init public/`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const WORKER_SCRIPT = fileURLToPath(new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url));

/** The served page. `reachedServer` lists the /api requests the worker did not answer. */
export interface MswApp {
  origin: string;
  reachedServer: string[];
  close(): Promise<void>;
}

/** Bundles `source` (imports resolve from `resolveDir`) and serves it at `/` on a free port. */
export async function serveMswApp(source: string, resolveDir: string, title: string): Promise<MswApp> {
  const bundle = await build({
    stdin: { contents: source, resolveDir, sourcefile: 'app.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const app = bundle.outputFiles[0]!.text;
  const page = `<!doctype html><meta charset="utf-8"><title>${title}</title><script type="module" src="/app.js"></script>`;
  const reachedServer: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (path === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(app);
    else if (path === '/mockServiceWorker.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(WORKER_SCRIPT));
    else {
      // An /api request here means the worker did not answer it.
      if (path.startsWith('/api')) reachedServer.push(`${request.method} ${path}`);
      response.writeHead(path.startsWith('/api') ? 502 : 404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reachedServer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

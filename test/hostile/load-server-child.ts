// Test helper (not a test file): the reference server in its own process, so the 1 000-connection
// test measures the server's memory and not the load generator's. Run with --expose-gc; it prints
// `listening <url>` and answers the IPC message "memory" with its heap after a full collection.
import { startReferenceServer } from '../../src/server/start-reference-server.js';

const secret = process.env['LOAD_SECRET'] ?? 'load-secret';
const server = await startReferenceServer({ port: 0, auth: { secret } });
const collect = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message !== 'memory') return;
  for (let i = 0; i < 3; i++) collect?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapUsed, rss, connections: 0 });
});
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
process.stdout.write(`listening ${server.url}\n`);

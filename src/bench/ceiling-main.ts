// Entry of the benchmark's ceiling process: `node dist/bench/ceiling-main.js` (from src/ under tsx in a clone).
// Prints `ceiling ready on <url>` once listening on a free loopback port; SIGTERM stops it.
import type { AddressInfo } from 'node:net';
import { createCeilingServer } from './ceiling-server.js';

const server = createCeilingServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`ceiling ready on http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});

// Entry of the benchmark's ceiling process: `node dist/server/bench/ceiling-main.js` (from src/ under tsx in a clone).
// Prints `ceiling ready on <url>` once listening on a free loopback port; SIGTERM stops it.
//
// The ceiling: bare node:http answering every request with the bytes and headers of the reference
// server's `GET /type/network-link/p2p` (`[{"id":"p2p",…}]`), doing nothing else (no routing, no
// token, no store). No server on node:http can be faster on this machine.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPreloadedNetworkLinkTypes } from '../index.js';
import { loadOpenApiDocument } from '../core/index.js';

const body = Buffer.from(JSON.stringify([readPreloadedNetworkLinkTypes(loadOpenApiDocument()).find((r) => r.id === 'p2p')]), 'utf8');
const headers = { 'content-type': 'application/json', 'content-length': body.length };
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`ceiling ready on http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});

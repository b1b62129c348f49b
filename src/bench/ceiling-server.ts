import { createServer, type Server } from 'node:http';
import { readPreloadedNetworkLinkTypes } from '../reference-server/index.js';
import { loadOpenApiDocument } from '../reference-server/core/index.js';

/** The bytes the reference server answers to `GET /type/network-link/p2p`: `[{"id":"p2p",…}]`. */
export function readCeilingBody(): Buffer {
  const p2p = readPreloadedNetworkLinkTypes(loadOpenApiDocument()).find((r) => r.id === 'p2p');
  return Buffer.from(JSON.stringify([p2p]), 'utf8');
}

/**
 * The ceiling of the benchmark: bare node:http answering every request with the same JSON and
 * headers as the reference server's GET by id, doing nothing else (no routing, no token, no
 * store). No server on node:http can be faster on this machine.
 */
export function createCeilingServer(body: Buffer = readCeilingBody()): Server {
  const headers = { 'content-type': 'application/json', 'content-length': body.length };
  return createServer((req, res) => {
    req.resume();
    res.writeHead(200, headers).end(body);
  });
}

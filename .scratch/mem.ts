import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureMemory } from '../src/bench/measure-memory.js';
import { mintToken } from '../src/reference-server/index.js';
const n = Number(process.argv[2] ?? 100000);
const token = await mintToken({ secret: 's', expiresIn: '1h' });
const r = await measureMemory(n, 's', token, mkdtempSync(join(tmpdir(), 'mem-')), 10);
console.log(JSON.stringify(r.memory), r.latency.map((l) => `${l.what}: p50 ${l.figure.p50Ms.toFixed(2)}`));

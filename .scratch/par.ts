import { runConformance } from '../src/conformance/run-conformance.js';
import { generateSecret, startReferenceServer } from '../src/reference-server/index.js';
const secret = generateSecret();
const server = await startReferenceServer({ port: 0, auth: { secret } });
const r = await runConformance({ baseUrl: server.url, jwtSecret: secret, profile: 'core', allowDestructive: true, progress: 'progress', parallel: 2, tags: '@ids' });
console.log(r.scenarios.slice(0, 3).map((s) => [s.status, s.error]));
await server.close();

// Support code of the `stryker` cucumber profile only: the mutated reference server runs in the
// same process as the features (Stryker's cucumber runner loads the support code once and calls
// cucumber again for every mutant), so BeforeAll starts it and AfterAll stops it each run.
import { AfterAll, BeforeAll } from '@cucumber/cucumber';
import { startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';

const SECRET = 'mutation-testing-secret';
let server: RunningReferenceServer | undefined;

BeforeAll(async () => {
  server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret: SECRET } });
  // The steps fall back to these when no world parameters are given (src/target/conformance/kit-parameters.ts).
  process.env['BASE_URL'] = server.url;
  process.env['JWT_SECRET'] = SECRET;
  process.env['ALLOW_DESTRUCTIVE'] = '1';
});

AfterAll(async () => {
  await server?.close();
  server = undefined;
  delete process.env['BASE_URL'];
});

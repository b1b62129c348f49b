// Which part may import which, checked by dependency-cruiser on every import TypeScript sees
// (type-only ones included, each resolved as TypeScript resolves it): `npm run lint:deps`, which
// `npm test` runs and which exits non-zero on any violation. The rooms of src/ (each index.ts
// says its role), from the bottom up:
//   src/generated                what the spec gives as code (types, tables, the document; generated)
//   src/contract                 what the spec fixes and leaves open: spec/, the allowances, tokens/
//   src/server                   core/ (browser-safe, @mgmt-kit/mock/core), controls/, node-http/, msw/ (@mgmt-kit/mock), playwright/, bench/
//   src/client                   the typed client (@mgmt-kit/client)
//   src/connection               how a run's requests reach a deployment
//   src/fuzz                     the fuzzer: generated sequences judged against the reference core by a table of checks
//   src/target                   running against a target: run/, conformance/, capture/, coverage/, fuzz/ (the command and its reports)
//   src/cli                      the mgmt-kit command
// A room imports only rooms below it; nothing in the product imports test code.

/** The rooms of src/, bottom up: each imports only the rooms before it. */
const ROOMS = ['src/generated', 'src/contract', 'src/server', 'src/client', 'src/connection', 'src/fuzz', 'src/target', 'src/cli'];

/** A path regex for the folders given, repo-relative. */
const under = (...folders) => `^(${folders.join('|')})/`;
const TEST_FILE = '\\.test\\.ts$';
/** The product modules (not the unit tests beside them) of the folders given: where a rule applies. */
const product = (...folders) => ({ path: under(...folders), pathNot: TEST_FILE });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...ROOMS.map((room, i) => ({
      name: `${room.replace('src/', '')}-imports-only-rooms-below`,
      severity: 'error',
      comment: `The rooms of src/ in order, bottom up (${ROOMS.join(' < ')}): ${room} imports none above it.`,
      from: product(room),
      to: { path: under(...ROOMS.slice(i + 1)) },
    })).filter((rule) => rule.to.path !== '^()/'),
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle: a cycle hides which module owns a concept.',
      from: { ...product('src', 'steps', 'scripts', 'bin'), pathNot: [TEST_FILE] },
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A module nothing imports and that imports nothing is dead code. Not orphans: declaration files, and the file cucumber.js loads first by name.',
      from: { orphan: true, pathNot: [TEST_FILE, '\\.d\\.m?ts$', '^steps/support/register\\.mjs$'] },
      to: {},
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or an installed package (else the rules below would check nothing).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'src/contract is below every part: it imports nothing of the kit but itself and the generated tables.',
      from: product('src/contract'),
      to: { path: under('src', 'steps', 'test', 'scripts', 'bin'), pathNot: under('src/contract', 'src/generated') },
    },
    {
      name: 'tokens-stand-alone',
      severity: 'error',
      comment: 'src/contract/tokens (one minter, one verifier) imports nothing of the kit but itself.',
      from: product('src/contract/tokens'),
      to: { path: under('src', 'steps', 'test', 'scripts', 'bin'), pathNot: under('src/contract/tokens') },
    },
    {
      name: 'core-imports-only-below',
      severity: 'error',
      comment: 'The reference core imports only itself, the contract, the tokens, the spec and the generated files.',
      from: product('src/server/core'),
      to: {
        path: under('src', 'steps', 'test', 'scripts', 'bin'),
        pathNot: under('src/server/core', 'src/contract', 'src/contract/tokens', 'src/contract/spec', 'src/generated'),
      },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment: 'src/client (published as @mgmt-kit/client) imports only itself and the generated types and tables.',
      from: product('src/client'),
      to: {
        path: under('src', 'steps', 'test', 'scripts', 'bin'),
        pathNot: ['^src/client/', '^src/generated/(openapi|operation-table|index-table)\\.ts$'],
      },
    },
    {
      name: 'mock-stays-down',
      severity: 'error',
      comment: 'src/server/msw (@mgmt-kit/mock) does not reach up into the CLI, the runner or the node:http adapter.',
      from: product('src/server/msw'),
      to: { path: under('src/cli', 'src/target/conformance', 'src/server/node-http') },
    },
    {
      name: 'browser-safe',
      severity: 'error',
      comment: 'What the two packages ship runs in browsers (msw setupWorker, the client in an app): no Node built-in module.',
      from: {
        path: under(
          'src/contract',
          'src/contract/tokens',
          'src/contract/spec',
          'src/generated',
          'src/server/core',
          'src/server/controls',
          'src/server/msw',
          'src/client',
        ),
        // The spec's YAML read from disk, for the node:http docs pages only: no package entry reaches it.
        pathNot: [TEST_FILE, '^src/contract/spec/read-openapi-yaml\\.ts$'],
      },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-parts-not-from-the-runner',
      severity: 'error',
      comment:
        'Coverage, the run room and the fuzz command are beside the conformance runner (the connection and the fuzzer are below it): what they share with it lives in src/target/run, src/contract or src/contract/tokens.',
      from: product('src/target/coverage', 'src/target/run', 'src/target/fuzz'),
      to: { path: under('src/target/conformance') },
    },
    {
      name: 'runner-not-steps',
      severity: 'error',
      comment: 'The steps import the runner, never the other way round.',
      from: product('src/target/conformance'),
      to: { path: under('steps') },
    },
    {
      name: 'steps-not-fuzzer',
      severity: 'error',
      comment: 'The conformance steps judge by the description alone: nothing of the fuzzer (its model, checks or generators) reaches them.',
      from: product('steps'),
      to: { path: under('src/fuzz') },
    },
    {
      name: 'bench-not-cli',
      severity: 'error',
      comment: 'The CLI runs the benchmark; the benchmark starts its processes itself.',
      from: product('src/server/bench'),
      to: { path: under('src/cli') },
    },
    {
      name: 'cli-on-top',
      severity: 'error',
      comment: 'Nothing but the command imports the CLI: it is the top of the kit.',
      from: { path: under('src', 'steps'), pathNot: [under('src/cli'), TEST_FILE] },
      to: { path: under('src/cli') },
    },
    {
      name: 'src-not-steps-or-tests',
      severity: 'error',
      comment: 'Nothing in src/ imports the steps or test code (its own unit tests may use the test helpers).',
      from: product('src'),
      to: { path: under('steps', 'test') },
    },
    {
      name: 'product-not-test-files',
      severity: 'error',
      comment: 'Product code and the scripts import no unit test (the measurement scripts may start the test servers of test/).',
      from: product('src', 'steps', 'scripts', 'bin'),
      to: { path: TEST_FILE },
    },
    {
      name: 'product-not-test-helpers',
      severity: 'error',
      comment: 'What ships (src, steps, bin) imports nothing under test/.',
      from: product('src', 'steps', 'bin'),
      to: { path: under('test') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^packages/', '(^|/)\\.dist-'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};

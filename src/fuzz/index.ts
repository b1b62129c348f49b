// The fuzzer: sequences generated from the spec, each operation one command judged against the reference core as the model by a table of named checks (checks/), with probes, concurrent groups (concurrency/), one shrinker and baselines of signatures (report/).
export type { FuzzCommandOptions } from './run/run-fuzz-command.js';
export type { FuzzReport } from './report/fuzz-report.js';

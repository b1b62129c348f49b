// The fuzzer: sequences generated from the spec, each operation one command judged against the reference core as the model by a table of named checks (checks/), with probes, concurrent groups (concurrency/) and one shrinker; runFuzz(options) → FuzzReport. The command and its reports are src/target/fuzz.
export type { FuzzOptions, FuzzReport } from './run/fuzz-options.js';

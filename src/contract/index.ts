// The contract: what the description and the spec fix and what they leave open, shared by every other room — the spec read and validated (spec/), the allowances of every open point (faithful-answers.ts, open-points-audit.ts), the one JWT minter and verifier (tokens/), the one table of wrong tokens the steps and the fuzzer send (auth-table.ts).
export type { Allowance, AllowanceId } from './faithful-answers.js';
export type { OpenApiDocument } from './spec/openapi-document.js';
export type { SpecValidator } from './spec/spec-validator.js';
export type { AuditRow } from './open-points-audit.js';

// The command line: `mgmt-kit` on commander — one declaration per command (commands/), the flags they share, the server and Prism they start (serve/, prism/); main.ts loads only the command that runs.
export type { DeclareCommand } from './main.js';

import { endBootTurn } from './boot-turn-take.js';

// The last support module of a compiled run (run-conformance.ts): the steps are loaded, so the
// next worker's turn may begin.
endBootTurn();

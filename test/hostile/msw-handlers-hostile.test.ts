// The hostile-input suite against the msw handlers (msw/node setupServer; requests sent over
// node:http are intercepted), the same cases as on the node:http reference server.
import { describeHostileInput } from './hostile-input-suite.js';
import { startMswTarget } from './hostile-target.js';

describeHostileInput(startMswTarget);

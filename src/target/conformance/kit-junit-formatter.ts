import type { Envelope } from '@cucumber/messages';
import { createScenarioCollector } from './collect-scenario-results.js';
import { renderConformanceJunit } from './render-conformance-junit.js';
import { deviationsOf } from './run-deviations.js';
import { judgedCheck } from './run-checks.js';

/** What cucumber hands a formatter plugin (cucumber-js docs/custom_formatters.md); the part this one uses. */
interface FormatterContext {
  on: (key: 'message', handler: (envelope: Envelope) => void) => void;
  write: (text: string) => void;
}

/**
 * The kit's junit for a plain `npx cucumber-js` run (cucumber.js lists it in the plain profiles'
 * formats): a cucumber formatter plugin fed by the message stream, which folds it into the run
 * model (collect-scenario-results.ts, the fold `mgmt-kit conformance` runs on the same stream) and
 * writes junit.xml from it when the run ends — a test case per scenario by its stable id, a
 * failure per failed check, blocked scenarios skipped with their cause. Plain cucumber has no
 * baseline and no final read: the only run check is that every scenario was judged.
 */
const kitJunitFormatter = {
  type: 'formatter' as const,
  formatter({ on, write }: FormatterContext) {
    const collector = createScenarioCollector();
    on('message', collector.onMessage);
    return () => {
      const scenarios = collector.results();
      const blocked = deviationsOf(scenarios).filter((d) => d.blocked);
      write(renderConformanceJunit({ scenarios, reasonOf: () => undefined, runChecks: [judgedCheck(blocked)], date: new Date() }));
    };
  },
};

export default kitJunitFormatter;

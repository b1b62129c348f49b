import { ALLOWANCES } from './faithful-answers.js';

/**
 * The allowances of src/conformance/faithful-answers.ts as Markdown list items, for the reports
 * of the conformance run and of `mgmt-kit fuzz`: what they accepted where the description is open.
 */
export function renderAllowanceList(): string[] {
  return Object.entries(ALLOWANCES).map(([id, allowance]) => `- **${id}** (${allowance.restsOn.join(', ')}): ${allowance.faithful}`);
}

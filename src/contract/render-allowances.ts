import { ALLOWANCES } from './faithful-answers.js';
import { escapeHtml } from './escape-html.js';

const HEADING = 'Where the service description is open, these answers were accepted';

/**
 * The allowances of src/contract/faithful-answers.ts as Markdown list items, for the reports
 * of the conformance run and of `mgmt-kit fuzz`: what they accepted where the description is open.
 */
export function renderAllowanceList(): string[] {
  return Object.entries(ALLOWANCES).map(([id, allowance]) => `- **${id}** (${allowance.restsOn.join(', ')}): ${allowance.faithful}`);
}

/** The same as a Markdown section. */
export function renderAllowanceSection(): string[] {
  return [
    `## ${HEADING}`,
    '',
    'From `src/contract/faithful-answers.ts`; everything else the description fixes is compared exactly.',
    '',
    ...renderAllowanceList(),
    '',
  ];
}

/** The same as an HTML section, folded. */
export function renderAllowanceSectionHtml(): string {
  const items = Object.entries(ALLOWANCES)
    .map(([id, allowance]) => `<li><strong>${escapeHtml(id)}</strong> (${escapeHtml(allowance.restsOn.join(', '))}): ${escapeHtml(allowance.faithful)}</li>`)
    .join('');
  return `<details><summary><h2 style="display:inline">${escapeHtml(HEADING)}</h2></summary>\n<ul>${items}</ul></details>`;
}

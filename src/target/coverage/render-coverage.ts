import { escapeHtml } from '../../contract/escape-html.js';
import type { CoverageCell, CoverageRow, ResponseCoverage } from '../../contract/response-coverage.js';

/** Where the docs explain what a black-box run can never see, so a threshold is set sensibly (a heading of docs/conformance.md; response-coverage.test.ts checks it resolves). */
export const COVERAGE_DOC = 'docs/conformance.md#response-coverage---min-coverage-mgmt-kit-coverage';

const WHY_NOT_100 = `a faithful deployment never answers 500, and some documented statuses need a state a black-box run cannot make (${COVERAGE_DOC})`;

/** The one-line figure: `Response coverage: 61.6% (148 of 240 documented responses seen)`. */
export function formatCoverageLine(coverage: ResponseCoverage): string {
  return `Response coverage: ${coverage.percent}% (${coverage.seen} of ${coverage.documented} documented responses seen)`;
}

const statusesIn = (row: CoverageRow, cell: CoverageCell) => row.documented.filter((d) => d.cell === cell).map((d) => d.status);

const COLUMNS: Array<[string, (row: CoverageRow) => number[]]> = [
  ['✅ verified', (row) => statusesIn(row, 'verified')],
  ['❌ seen but failed', (row) => statusesIn(row, 'seen-but-failed')],
  ['⚠️ undocumented but answered', (row) => row.undocumented],
  ['· never seen', (row) => statusesIn(row, 'never seen')],
];

/** The matrix operation × documented status as a Markdown section. */
export function renderCoverageMarkdown(coverage: ResponseCoverage, heading = '##'): string[] {
  return [
    `${heading} ${formatCoverageLine(coverage)}`,
    '',
    `Documented responses (spec/openapi.yaml) the target answered, per operation; 100% is out of reach: ${WHY_NOT_100}.`,
    '',
    `| Operation | Method and path | ${COLUMNS.map(([title]) => title).join(' | ')} |`,
    `|---|---|${COLUMNS.map(() => '---').join('|')}|`,
    ...coverage.rows.map(
      (row) => `| ${row.operationId} | ${row.method} ${row.pathTemplate} | ${COLUMNS.map(([, pick]) => pick(row).join(', ')).join(' | ')} |`,
    ),
    '',
  ];
}

/** The same matrix as an HTML section (the summary page's styles colour the cells). */
export function renderCoverageHtml(coverage: ResponseCoverage): string {
  const rows = coverage.rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.operationId)}</code></td><td>${escapeHtml(`${row.method} ${row.pathTemplate}`)}</td>` +
        COLUMNS.map(([title, pick], i) => `<td class="coverage-${i}" title="${escapeHtml(title)}">${pick(row).join(', ')}</td>`).join('') +
        '</tr>',
    )
    .join('\n');
  return (
    `<h2 id="coverage">${escapeHtml(formatCoverageLine(coverage))}</h2>\n<p>Documented responses the target answered, per operation; 100% is out of reach: ${escapeHtml(WHY_NOT_100)}.</p>\n` +
    `<table><thead><tr><th>Operation</th><th>Method and path</th>${COLUMNS.map(([title]) => `<th>${escapeHtml(title)}</th>`).join('')}</tr></thead>\n<tbody>\n${rows}\n</tbody></table>`
  );
}

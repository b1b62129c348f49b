import { type AuditPoints, type AuditRow, OPEN_POINT_AUDIT } from './open-points-audit.js';

export const OPEN_POINTS_START = '<!-- generated:open-points (npm run generate, from src/contract/open-points-audit.ts) -->';
export const OPEN_POINTS_END = '<!-- /generated:open-points -->';

const HEADER = ["| comparison | the description's words | faithful answers | allowance / why not asked | switch of server.mjs |", '|---|---|---|---|---|'];

function renderPoints(points: AuditPoints): string {
  if (points.kind === 'fixed') return 'fixed';
  const ids = points.ids.map((id) => `\`${id}\``).join(points.kind === 'allowance' && points.combined ? ' + ' : ', ');
  return points.kind === 'not-asked' ? `not asked: ${ids}` : ids;
}

/** The audit as a Markdown table, one line per row. */
export function renderOpenPointsTable(rows: readonly AuditRow[] = OPEN_POINT_AUDIT): string[] {
  return [
    ...HEADER,
    ...rows.map((row) => `| ${[row.comparison, row.words, row.faithful, renderPoints(row.points) + (row.note ?? ''), row.switches].join(' | ')} |`),
  ];
}

/** docs/open-points.md with the table between its markers rewritten; throws when a marker is missing. */
export function renderOpenPointsDoc(markdown: string, rows: readonly AuditRow[] = OPEN_POINT_AUDIT): string {
  const start = markdown.indexOf(OPEN_POINTS_START);
  const end = markdown.indexOf(OPEN_POINTS_END);
  if (start === -1 || end < start) throw new Error(`docs/open-points.md: the markers ${OPEN_POINTS_START} … ${OPEN_POINTS_END} are missing`);
  return `${markdown.slice(0, start + OPEN_POINTS_START.length)}\n${renderOpenPointsTable(rows).join('\n')}\n${markdown.slice(end)}`;
}

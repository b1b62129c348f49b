import { escapeHtml } from '../../contract/escape-html.js';
import { headingAnchor } from './service-description.js';

/** Inline Markdown a reader of the description needs: code spans and bold, on escaped text. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/**
 * The service description as a self-contained HTML page, each heading carrying the id GitHub
 * gives it (service-description.ts), so the summary's `§4.1` links open the right heading in any
 * browser, offline, from an uploaded CI artifact — a raw Markdown file's anchors open nothing.
 * Headings, fenced code, list items, tables (kept as preformatted rows) and paragraphs; nothing
 * else of Markdown is needed by the description.
 */
export function renderDescriptionHtml(markdown: string, title: string): string {
  const body: string[] = [];
  let paragraph: string[] = [];
  let code: string[] | undefined;
  const flush = () => {
    if (paragraph.length > 0) body.push(`<p>${paragraph.map(inline).join('<br>\n')}</p>`);
    paragraph = [];
  };
  for (const line of markdown.split('\n')) {
    if (code !== undefined) {
      if (line.startsWith('```')) {
        body.push(`<pre>${escapeHtml(code.join('\n'))}</pre>`);
        code = undefined;
      } else code.push(line);
      continue;
    }
    if (line.startsWith('```')) {
      flush();
      code = [];
      continue;
    }
    const heading = /^(#{1,6}) (.+)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      body.push(`<h${level} id="${escapeHtml(headingAnchor(heading[2]!))}">${inline(heading[2]!)}</h${level}>`);
    } else if (line.trim() === '') flush();
    else paragraph.push(line);
  }
  flush();
  if (code !== undefined) body.push(`<pre>${escapeHtml(code.join('\n'))}</pre>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;color:#222}pre{background:#f6f6f6;padding:.5rem;white-space:pre-wrap}:target{background:#fff6c0}</style>
</head><body>
${body.join('\n')}
</body></html>
`;
}

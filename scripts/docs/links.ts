// Relative links of the docs and whether they land: the file exists and, for a Markdown file,
// the #anchor is one of its headings as GitHub slugs them (or an explicit <a id/name>).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { proseLines, readHeadings } from './markdown-parts.js';

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document offers: heading slugs (a repeated slug gets -1, -2, …) and <a id/name>. */
export function documentAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of readHeadings(markdown)) {
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

export interface RelativeLink {
  target: string;
  line: number;
}

/** Links (and images) to a path or #anchor, outside code: not http:, mailto:, //host. */
export function readRelativeLinks(markdown: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  for (const { text, line } of proseLines(markdown)) {
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//')) links.push({ target, line });
    }
  }
  return links;
}

/** The broken relative links of `file` (repository-relative), each as `file:line → target: why`. */
export function brokenLinks(root: string, file: string): string[] {
  const markdown = readFileSync(join(root, file), 'utf8');
  const problems: string[] = [];
  for (const { target, line } of readRelativeLinks(markdown)) {
    const [pathPart = '', anchor] = target.split('#', 2);
    const resolved = pathPart === '' ? file : normalize(join(dirname(file), decodeURIComponent(pathPart)));
    const where = `${file}:${line} → ${target}`;
    if (resolved.startsWith('..')) problems.push(`${where}: outside the repository`);
    else if (!existsSync(join(root, resolved))) problems.push(`${where}: no such file`);
    else if (anchor !== undefined && resolved.endsWith('.md')) {
      const anchors = documentAnchors(readFileSync(join(root, resolved), 'utf8'));
      if (!anchors.has(anchor)) problems.push(`${where}: ${resolved} has no heading with that anchor`);
    }
  }
  return problems;
}

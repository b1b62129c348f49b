// The parts of a Markdown document the docs checks look at: fenced code blocks (with the HTML
// comment that marks each), headings and relative links, all outside code.

/** How a command block is accounted for: a test runs it (`example`), or it says why none can. */
export interface BlockMarker {
  kind: 'example' | 'illustrative';
  /** The example's name, or the reason the block is only illustrative. */
  value: string;
}

export interface CodeBlock {
  language: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  marker?: BlockMarker;
}

const FENCE = /^\s*(`{3,}|~{3,})\s*([\w-]*)/;
const MARKER = /^\s*<!-- (example|illustrative): (.+?) -->\s*$/;

/** Splits a document into its lines, each with whether it sits inside a code fence. */
interface FencedLine {
  text: string;
  inCode: boolean;
  /** Set on an opening fence: the block's language (info string), lower case. */
  opens?: string;
  closes?: true;
}

function linesWithFences(markdown: string): FencedLine[] {
  const out: FencedLine[] = [];
  let open: string | undefined;
  for (const text of markdown.split('\n')) {
    const fence = FENCE.exec(text);
    if (open === undefined && fence) {
      open = fence[1]!;
      out.push({ text, inCode: true, opens: fence[2]!.toLowerCase() });
    } else if (open !== undefined && fence && fence[1]!.startsWith(open) && fence[2] === '') {
      open = undefined;
      out.push({ text, inCode: true, closes: true });
    } else out.push({ text, inCode: open !== undefined });
  }
  return out;
}

/** Every fenced code block, with the marker comment on the last non-blank line before it. */
export function readCodeBlocks(markdown: string): CodeBlock[] {
  const lines = linesWithFences(markdown);
  const blocks: CodeBlock[] = [];
  lines.forEach((line, index) => {
    if (line.opens === undefined) return;
    let end = index + 1;
    while (end < lines.length && !lines[end]!.closes) end += 1;
    const code = lines
      .slice(index + 1, end)
      .map((l) => l.text)
      .join('\n');
    let before = index - 1;
    while (before >= 0 && lines[before]!.text.trim() === '') before -= 1;
    const marker = before >= 0 ? MARKER.exec(lines[before]!.text) : null;
    blocks.push({
      language: line.opens,
      code,
      line: index + 1,
      ...(marker ? { marker: { kind: marker[1] as BlockMarker['kind'], value: marker[2]! } } : {}),
    });
  });
  return blocks;
}

/** The text outside code fences and inline code spans, line by line (1-based line numbers). */
export function proseLines(markdown: string): Array<{ text: string; line: number }> {
  return linesWithFences(markdown)
    .map((l, index) => ({ text: l.inCode ? '' : l.text.replace(/`[^`]*`/g, ''), line: index + 1 }))
    .filter((l) => l.text !== '');
}

/** The ATX headings outside code, as written (without the #s). */
export function readHeadings(markdown: string): string[] {
  return linesWithFences(markdown)
    .filter((l) => !l.inCode && /^#{1,6}\s/.test(l.text))
    .map((l) => l.text.replace(/^#{1,6}\s+/, '').replace(/\s+#*\s*$/, ''));
}

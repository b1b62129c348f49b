// Figures in the docs sit between markers, `<!-- figures:scenarios -->454<!-- /figures -->`, so a
// script can write them from the suite and a test can compare them with it.

/** One marked figure as the document has it. */
export interface MarkedFigure {
  name: string;
  written: string;
  line: number;
}

const MARKED = /<!-- figures:([\w-]+) -->(.*?)<!-- \/figures -->/g;

/** Every marked figure of a document, in order. */
export function readMarkedFigures(markdown: string): MarkedFigure[] {
  return [...markdown.matchAll(MARKED)].map((match) => ({
    name: match[1]!,
    written: match[2]!,
    line: markdown.slice(0, match.index).split('\n').length,
  }));
}

/** The document with each marked figure replaced by its value; a name without a value is an error. */
export function writeMarkedFigures(markdown: string, values: Readonly<Record<string, number | string>>): string {
  return markdown.replace(MARKED, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no figure named ${name}: use one of ${Object.keys(values).join(', ')}`);
    return `<!-- figures:${name} -->${String(value)}<!-- /figures -->`;
  });
}

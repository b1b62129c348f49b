// How `mgmt-kit … --help` wraps its text to the terminal (80 columns in a pipe). Commander keeps
// the line breaks of a description and wraps each line that is too long, so a description wrapped
// by hand at one width is broken again at a narrower one ("…any implementation of" / "the
// management" / "service."). The descriptions are therefore written one line per paragraph and
// one line per table row, and this wrapper continues a long table row under its text column
// rather than at the left margin.
import { stripVTControlCharacters } from 'node:util';

/** Columns a line takes on a terminal (colours stripped; every other character counts one). */
export const displayWidth = (text: string): number => [...stripVTControlCharacters(text)].length;

/**
 * Where a help line's continuation starts: after the term of a table row (an indented term
 * followed by two or more spaces: `  130, 143  interrupted …`, `  --port <N>  TCP port …`), else
 * at the line's own indentation (0 for a paragraph, the indentation of an indented command).
 */
export function hangingIndent(line: string): number {
  const row = /^(\s+\S+(?: \S+)*?\s{2,})\S/.exec(line);
  return row ? row[1]!.length : /^\s*/.exec(line)![0].length;
}

/** One line wrapped to `width` at spaces, its continuations indented to {@link hangingIndent}. */
function wrapLine(line: string, width: number): string[] {
  if (displayWidth(line) <= width) return [line];
  let hang = hangingIndent(line);
  // A term so wide that its text column would be a sliver: continue at the line's indentation.
  if (width - hang < 20) hang = /^\s*/.exec(line)![0].length;
  const words = line.slice(hang).trim().split(/\s+/);
  const lines: string[] = [];
  let current = line.slice(0, hang) + words.shift();
  for (const word of words) {
    if (displayWidth(current) + 1 + displayWidth(word) <= width) current += ` ${word}`;
    else {
      lines.push(current);
      current = ' '.repeat(hang) + word;
    }
  }
  lines.push(current);
  return lines;
}

/**
 * Commander's `Help.boxWrap`, for `configureHelp`: every line of `text` that is wider than
 * `width` wrapped at spaces, the line breaks of the text kept; below 40 columns nothing is wrapped
 * (commander's own `minWidthToWrap`).
 */
export function wrapHelpText(text: string, width: number): string {
  if (width < 40) return text;
  return text
    .split(/\r?\n/)
    .flatMap((line) => wrapLine(line, width))
    .join('\n');
}

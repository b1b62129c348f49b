// Reads the `// @ts-expect-error <why> — tsc: "<message part>"` directives of a type test file and
// compiles the file without them, so that a test can compare what tsc says with what was promised.
import ts from 'typescript';

/** One directive: the line of the code it covers (1-based) and the part tsc's message must contain. */
export interface ExpectedError {
  line: number;
  messagePart: string | undefined;
}

const DIRECTIVE = /^\s*\/\/ @ts-expect-error\b(.*)$/;
const MESSAGE_PART = /— tsc: "(.*)"\s*$/;

export function expectedErrors(source: string): ExpectedError[] {
  return source.split('\n').flatMap((text, index) => {
    const directive = DIRECTIVE.exec(text);
    if (!directive) return [];
    return [{ line: index + 2, messagePart: MESSAGE_PART.exec(directive[1] ?? '')?.[1] }];
  });
}

/** The diagnostics of `file` when compiled with its directives turned into plain comments, by line. */
export function errorsWithoutDirectives(file: string, options: ts.CompilerOptions): Map<number, string[]> {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => {
    const text = readFile(name);
    return name === file && text !== undefined ? text.replaceAll('// @ts-expect-error', '// expected error') : text;
  };
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError) => {
    if (name !== file) return getSourceFile(name, version, onError);
    const text = host.readFile(name);
    return text === undefined ? undefined : ts.createSourceFile(name, text, version);
  };
  const program = ts.createProgram({ rootNames: [file], options, host });
  const byLine = new Map<number, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.file?.fileName !== file || diagnostic.start === undefined) {
      throw new Error(`not in ${file}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    }
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
    byLine.set(line, [...(byLine.get(line) ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')]);
  }
  return byLine;
}

/** A position in an input file as compilers print one, which editors and terminals open: `file:line:column`, or `file:line` where the column is not known. */
import { lineAndColumn } from './line-starts.js';

export const filePosition = (file: string, line: number, column?: number): string => (column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`);

/** The position of `offset` in `text`, the text of `file`. */
export function positionAt(file: string, text: string, offset: number): string {
  const { line, column } = lineAndColumn(text, offset);
  return filePosition(file, line, column);
}

/** Positions in an input file as messages name them (core's filePosition), and the position of an offset in a file's text. */
import { filePosition } from '../core/file-position.js';
import { lineAndColumn } from './line-starts.js';

export { filePosition };

/** The position of `offset` in `text`, the text of `file`. */
export function positionAt(file: string, text: string, offset: number): string {
  const { line, column } = lineAndColumn(text, offset);
  return filePosition(file, line, column);
}

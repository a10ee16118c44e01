/** A position in an input file as compilers print one, which editors and terminals open: `file:line:column`, or `file:line` where the column is not known. */
export const filePosition = (file: string, line: number, column?: number): string => (column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`);

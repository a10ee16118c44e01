/**
 * Text broken into lines for a chart's fixed-size SVG. The SVG is laid out once, in Node, where vega has no canvas
 * to measure text: it reckons a line `0.8 x font size` per character, so a y axis title longer than its plot by that
 * reckoning pushed the panel's title up and away from the plot (macro-mixed's "speedup over FIFO (mean response
 * time)" by 57 px), and a category label wider than its band ran into its neighbours (dsbra's six measures).
 * vega draws an array of strings as one line each.
 */

/** vega's own reckoning of a line's width in layout (vega-scenegraph's estimateWidth). */
export function layoutWidth(text: string, fontSize: number): number {
  return Math.floor(0.8 * text.length * fontSize);
}

/** Words packed greedily into lines of at most `maxChars` characters (a longer word keeps a line of its own). */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines.length === 0 ? [text] : lines;
}

/**
 * An axis title that fits `length` px (a y title: the plot's height) by vega's reckoning, as one line where it does,
 * else as lines.
 */
export function fittedTitle(title: string, length: number, fontSize = 11): string | string[] {
  if (layoutWidth(title, fontSize) <= length) return title;
  const lines = wrapWords(title, Math.max(1, Math.floor(length / (0.8 * fontSize))));
  return lines.length === 1 ? lines[0] : lines;
}

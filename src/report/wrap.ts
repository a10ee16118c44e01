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

/** A category label's character at its 10 px font, drawn: sans-serif's average is under 6 px. */
export const LABEL_CHAR_PX = 6;

/**
 * A category's room on an axis of offset bars `width` px wide: the step between two categories' centres (vega-lite pads
 * the scale by 0.2 of a step at its ends: 6 categories in 480 px are 77.4 px apart), less a few px between neighbours.
 */
export const categoryRoomPx = (width: number, categories: number): number => width / (categories + 0.2) - 4;

/** The labels too long for `roomPx` at LABEL_CHAR_PX a character, each as its lines; the labels that fit are left out. */
export function wrappedLabels(labels: ReadonlyArray<string | number>, roomPx: number): Record<string, string[]> {
  const lines: Record<string, string[]> = {};
  for (const label of labels) {
    const text = String(label);
    if (text.length * LABEL_CHAR_PX > roomPx) lines[text] = wrapWords(text, Math.floor(roomPx / LABEL_CHAR_PX));
  }
  return lines;
}

/**
 * The axis's labelExpr that draws each wrapped label as its lines (vega draws an array as one line each; the lookup
 * names only the labels wrapped), or nothing when none is. JSON leaves U+2028 and U+2029 raw, where vega's expression
 * parser ends a string literal: they are written escaped (a pool name holding one failed the whole report).
 */
export function wrappedLabelExpr(lines: Record<string, string[]>): { labelExpr?: string } {
  if (Object.keys(lines).length === 0) return {};
  const literal = JSON.stringify(lines).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  return { labelExpr: `${literal}[datum.label] || datum.label` };
}

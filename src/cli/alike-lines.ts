/**
 * The lines of an input error that are printed: those that differ only in list indices and places (`workload.jobs[7]:
 * unknown field "maps"`, one a job of a 10,000-job file) shown SHOWN_ALIKE times, then counted in one line where the
 * next would stand. The loaders ask first (shownAlike) and place only the lines that will be shown.
 */

/** Lines of one kind (the same but for list indices and places) shown before the rest of them are counted. */
const SHOWN_ALIKE = 3;

/**
 * A line's kind: its list indices written `[*]`, and its field's line and column in its file (`s.json:12:7: `, or a
 * sweep's base's `base b.json:16:9 at ...`) left out, as they differ from element to element too (the base's was kept,
 * and 10 jobs' errors printed 10 lines). A line placed and the same line not placed are of one kind.
 */
const kindOf = (line: string): string => line.replace(/\[\d+\]/g, '[*]').replace(/:\d+:\d+(?=: | at )/g, '');

/** Each line's kind and how many lines are of it. */
function kindsOf(all: readonly string[]): { kinds: string[]; count: Map<string, number> } {
  const kinds = all.map(kindOf);
  const count = new Map<string, number>();
  for (const k of kinds) count.set(k, (count.get(k) ?? 0) + 1);
  return { kinds, count };
}

/** For each line, whether it is printed: the first SHOWN_ALIKE of its kind, or all of a kind one more than that. */
export const shownAlike = (all: readonly string[]): boolean[] => shownOf(kindsOf(all));

function shownOf({ kinds, count }: { kinds: string[]; count: Map<string, number> }): boolean[] {
  const seen = new Map<string, number>();
  return kinds.map((k) => {
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return n <= SHOWN_ALIKE || count.get(k) === SHOWN_ALIKE + 1;
  });
}

/** The lines printed (shownAlike), each kind's rest counted where its next line would stand. */
export function collapsed(all: readonly string[]): string[] {
  const { kinds, count } = kindsOf(all);
  const shown = shownOf({ kinds, count });
  const counted = new Set<string>();
  const out: string[] = [];
  all.forEach((line, i) => {
    if (shown[i]) out.push(line);
    else if (!counted.has(kinds[i])) {
      counted.add(kinds[i]);
      out.push(`... and ${count.get(kinds[i])! - SHOWN_ALIKE} more like it: ${kinds[i]}`);
    }
  });
  return out;
}

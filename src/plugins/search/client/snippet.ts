/**
 * Cuts a readable excerpt around the matched words of a text and marks them,
 * as plain segments that React renders (no HTML strings, so nothing a query
 * or a page contains can become markup).
 */
export interface Segment {
  text: string;
  mark: boolean;
}

/** Positions are [start, length] pairs, as the search results carry them. */
export function snippet(text: string, positions: ReadonlyArray<readonly [number, number]>, maxLength = 180): Segment[] {
  const sorted = [...positions].filter(([start, length]) => length > 0 && start >= 0 && start < text.length).sort((a, b) => a[0] - b[0]);
  let from = 0;
  let to = text.length;
  if (text.length > maxLength) {
    const first = sorted[0]?.[0] ?? 0;
    // Start a little before the first match, at a word boundary.
    from = Math.max(0, first - Math.floor(maxLength / 4));
    if (from > 0) {
      const space = text.lastIndexOf(' ', from);
      from = space > 0 && first - space < maxLength / 2 ? space + 1 : from;
    }
    to = Math.min(text.length, from + maxLength);
    if (to < text.length) {
      const space = text.lastIndexOf(' ', to);
      if (space > from + maxLength / 2) to = space;
    }
  }
  const segments: Segment[] = [];
  const push = (value: string, mark: boolean) => {
    if (!value) return;
    const last = segments[segments.length - 1];
    if (last && last.mark === mark) last.text += value;
    else segments.push({text: value, mark});
  };
  if (from > 0) push('… ', false);
  let cursor = from;
  for (const [start, length] of sorted) {
    const end = Math.min(start + length, to);
    if (start < cursor || start >= to) continue;
    push(text.slice(cursor, start), false);
    push(text.slice(start, end), true);
    cursor = end;
  }
  push(text.slice(cursor, to), false);
  if (to < text.length) push(' …', false);
  return segments;
}

/**
 * Content rules for mistakes that an editorial review found and that a page's
 * text shows plainly, so a rule catches them without a build and without false
 * alarms. Each rule takes a page ({file, raw}) and returns failures as
 * "file:line: what was expected"; tests/content/review-rules.test.mjs runs them
 * on every page and on the bad examples of __fixtures__/review/.
 */

/** @typedef {{file: string, raw: string}} Page */

/**
 * The lines of a page outside front matter and code blocks, with their 1-based number.
 * @param {Page} page
 */
function proseLines(page) {
  /** @type {Array<{text: string, n: number}>} */
  const out = [];
  const fm = /^---\n[\s\S]*?\n---\n/.exec(page.raw);
  const skip = fm ? fm[0].split('\n').length - 1 : 0;
  let fence = '';
  page.raw.split('\n').forEach((text, i) => {
    const open = /^\s*(```|~~~)/.exec(text);
    if (open) {
      fence = fence ? (text.trim().startsWith(fence) ? '' : fence) : open[1];
      return;
    }
    if (!fence && i >= skip) out.push({text, n: i + 1});
  });
  return out;
}

/**
 * Blocks of prose: a troubleshooting problem (its H3 with the Cause and Fix paragraphs) is one block;
 * elsewhere a block is a paragraph or a list item with its indented lines.
 * @param {Page} page
 */
function blocks(page) {
  /** @type {Array<{text: string, n: number, troubleshooting: boolean}>} */
  const out = [];
  /** @type {{text: string, n: number, troubleshooting: boolean} | null} */
  let current = null;
  let section = '';
  let blank = false;
  const close = () => {
    if (current) out.push(current);
    current = null;
  };
  for (const l of proseLines(page)) {
    const h2 = /^## (.+)$/.exec(l.text);
    if (h2) {
      close();
      section = h2[1];
      continue;
    }
    const troubleshooting = section === 'Troubleshooting';
    if (troubleshooting) {
      // A problem runs from its H3 to the next H3 or H2.
      if (/^### /.test(l.text)) {
        close();
        current = {text: l.text, n: l.n, troubleshooting};
      } else if (current && l.text.trim()) current.text += ` ${l.text.trim()}`;
      continue;
    }
    if (!l.text.trim()) {
      blank = true;
      continue;
    }
    // Each table row is a block of its own: a states table's rows are about different states.
    const item = /^(?:\d+\.|[-*]) |^\|/.test(l.text);
    const indented = /^\s+\S/.test(l.text);
    // A list item keeps its indented lines, blank lines between them included; a paragraph ends at a blank line.
    if (item || !current || (!indented && (blank || /^(?:\d+\.|[-*]) /.test(current.text)))) {
      close();
      current = {text: l.text, n: l.n, troubleshooting};
    } else current.text += ` ${l.text.trim()}`;
    blank = false;
  }
  close();
  return out;
}

/**
 * A configuration resource that is `removing` never becomes editable by waiting: when the removal succeeds, it's
 * gone (`404` `not_found`), and when it fails, it's `failed` (Part B, "Configuration states"). A passage that names
 * `removing` and tells the reader to send, save or try the request again must also say what happens when it's gone:
 * `not_found`, or adding the resource again.
 * @param {Page} page
 */
export function removingRetryRule(page) {
  const failures = [];
  for (const b of blocks(page)) {
    if (!/`removing`/.test(b.text)) continue;
    const retry = /\b(?:send|save|submit|try|edit|change|apply)\b[^.]*?\bagain\b|\bretry\b|\bresend\b/i.exec(b.text);
    if (!retry) continue;
    if (/`not_found`|\badd (?:it|the [a-z ]+?)\b[^.]*?\bagain\b|\[add [^\]]*\]\([^)]*\)[^.]*?\bagain\b/i.test(b.text)) continue;
    failures.push(
      `${page.file}:${b.n}: "${retry[0]}" after \`removing\`: a removal that succeeds deletes the resource, and the request then returns \`404\` \`not_found\`. Say to add it again, or to edit it once the failed removal made it \`failed\` (writer's reference, "Configuration states")`,
    );
  }
  return failures;
}

/**
 * The Settings tab of a detail screen is hidden from readers whose roles have neither the resource's `:update` nor its
 * `:delete` permission (B1). A page that needs only `<resource>:view` and sends the reader to that tab says who sees it:
 * the step names `<resource>:update` or `<resource>:delete`.
 * @param {Page} page
 */
export function settingsTabRule(page) {
  /** @type {string[]} */
  const failures = [];
  const permission = /^\*\*Required permission:\*\* `([a-z_]+):view`\s*$/m.exec(page.raw);
  if (!permission) return failures;
  const resource = permission[1];
  for (const b of blocks(page)) {
    if (b.troubleshooting) continue;
    const opens = /\b(?:select|open|go to)\b[^.]*\*\*Settings\*\*(?: tab)?/i.exec(b.text);
    if (!opens) continue;
    if (new RegExp(`\`${resource}:(?:update|delete)\``).test(b.text)) continue;
    failures.push(
      `${page.file}:${b.n}: "${opens[0]}" on a page that needs only \`${resource}:view\`: the Settings tab is hidden from readers without \`${resource}:update\` or \`${resource}:delete\` (B1). Say who sees it, and where the others find the same details`,
    );
  }
  return failures;
}

export const rules = {removingRetryRule, settingsTabRule};

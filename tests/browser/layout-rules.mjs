/**
 * The layout rules of "designed for readers", each a function that runs in
 * the page (Playwright's page.evaluate) and returns what breaks it, as
 * sentences; tests/browser/layout.test.mjs runs them over every page at phone
 * and desktop size, and shows each one failing on a page made to break it
 * (__fixtures__/layout-broken.html).
 */

/** No word of a heading is drawn on two lines, unless it cannot fit on any line (a long code identifier). */
export function headingWordsBroken() {
  const failures = [];
  const canvas = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
  for (const heading of document.querySelectorAll('article :is(h1, h2, h3), .ld-layout-check :is(h1, h2, h3)')) {
    const width = heading.clientWidth - parseFloat(getComputedStyle(heading).paddingLeft) - parseFloat(getComputedStyle(heading).paddingRight);
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // A word may wrap after its own hyphen or slash (add-aws-server), never elsewhere.
      for (const match of /** @type {Text} */ (node).data.matchAll(/[^\s\-/]+[-/]?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size < 2) continue;
        const style = getComputedStyle(/** @type {HTMLElement} */ (node.parentElement));
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        if (canvas.measureText(match[0]).width <= width)
          failures.push(`heading "${heading.textContent?.trim()}": the word "${match[0]}" is drawn on two lines`);
      }
    }
  }
  return failures;
}

/** The document is no wider than the window. */
export function documentTooWide() {
  const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  return overflow > 1 ? [`the page is ${overflow} px wider than the screen`] : [];
}

/** The h1 starts within the first 220 px of the page (on a phone, with the announcement bar). */
export function titleTooLow() {
  const h1 = document.querySelector('h1');
  if (!h1) return ['no h1'];
  const top = Math.round(h1.getBoundingClientRect().top + window.scrollY);
  return top > 220 ? [`the h1 starts at ${top} px`] : [];
}

/** The search box's placeholder ends at least 4 px before the Ctrl K hint, and is not cut by the box. */
export function placeholderUnderHint() {
  const input = /** @type {HTMLInputElement | null} */ (document.querySelector('.navbar__search-input'));
  if (!input || !input.offsetParent) return [];
  const style = getComputedStyle(input);
  const canvas = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
  canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const box = input.getBoundingClientRect();
  const textEnd = box.left + parseFloat(style.paddingLeft) + canvas.measureText(input.placeholder).width;
  const failures = [];
  if (textEnd > box.right - parseFloat(style.paddingRight) + 0.5) failures.push(`the placeholder "${input.placeholder}" is cut by its box`);
  const hint = [.../** @type {HTMLElement} */ (input.parentElement).querySelectorAll('kbd')]
    .filter((k) => k.offsetParent)
    .map((k) => k.getBoundingClientRect().left);
  if (hint.length && Math.min(...hint) - textEnd < 4)
    failures.push(`the placeholder ends ${Math.round(Math.min(...hint) - textEnd)} px from the shortcut hint`);
  return failures;
}

/**
 * On the changelog and its tag pages, the first entry starts within `screens` screens.
 * @param {number} screens
 */
export function firstEntryTooLow(screens) {
  const first = document.querySelector('.ld-changelog-list > li');
  if (!first) return ['no changelog entry'];
  const top = Math.round(first.getBoundingClientRect().top + window.scrollY);
  return top > window.innerHeight * screens ? [`the first entry starts at ${top} px, below ${screens} screen(s) of ${window.innerHeight} px`] : [];
}

/** No breadcrumb of a search result repeats a segment, nor ends with the result's own page title. */
export function repeatedBreadcrumbs() {
  const failures = [];
  for (const crumb of document.querySelectorAll('[data-result-breadcrumb]')) {
    const segments = /** @type {string} */ (crumb.textContent)
      .split('›')
      .map((s) => s.trim())
      .filter(Boolean);
    const title = crumb.getAttribute('data-result-breadcrumb');
    if (new Set(segments).size !== segments.length || segments.at(-1) === title)
      failures.push(`breadcrumb "${segments.join(' › ')}" of "${title}" repeats itself`);
  }
  return failures;
}

/**
 * No word of a table is drawn on two lines: an identifier in code (`role_owner`,
 * `bad_request`) never, a word of prose unless it cannot fit its cell on any line.
 */
export function tableWordsBroken() {
  const failures = [];
  const canvas = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
  for (const cell of document.querySelectorAll('article :is(td, th), .ld-layout-check :is(td, th)')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = /** @type {HTMLElement} */ (node.parentElement);
      const inCode = Boolean(parent.closest('code'));
      // In code a whole token counts; in prose a word may wrap after its own hyphen, slash or dash (1–65535).
      for (const match of /** @type {Text} */ (node).data.matchAll(inCode ? /\S+/g : /[^\s\-/–—]+[-/–—]?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size < 2) continue;
        const style = getComputedStyle(parent);
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const width = /** @type {HTMLElement} */ (cell).clientWidth;
        if (inCode || canvas.measureText(match[0]).width <= width)
          failures.push(`table cell "${cell.textContent?.trim().slice(0, 40)}": "${match[0]}" is drawn on ${lines.size} lines`);
      }
    }
  }
  return failures;
}

/**
 * What the web's own validators (html-validate, the Nu HTML Checker) hold
 * the site's pages to, as rules over a page's HTML: the server-rendered file
 * (tests/build/a11y.test.mjs) or the DOM after hydration, serialized
 * (tests/browser/a11y.test.mjs). Each rule returns what breaks it, as
 * sentences; each is shown failing on __fixtures__/a11y-broken.html.
 */
import {parse} from 'parse5';

/**
 * A parse5 node as the rules read it: an element (a tagName and its attrs) or
 * any other node (the document, a text node with its value, a comment).
 * @typedef {{nodeName: string, tagName: string, attrs: Array<{name: string, value: string}>, childNodes: HtmlNode[], parentNode: HtmlNode | null, content?: HtmlNode, value?: undefined}} HtmlElement
 * @typedef {{nodeName: string, tagName?: undefined, attrs?: undefined, childNodes?: HtmlNode[], parentNode?: HtmlNode | null, content?: undefined, value?: string}} HtmlOther
 * @typedef {HtmlElement | HtmlOther} HtmlNode
 */

/**
 * An element of a page, with its attributes as an object, and its parse5 node.
 * @typedef {{tag: string, attrs: Record<string, string>, node: HtmlElement}} PageElement
 */

/**
 * A rule: what breaks it on a page, as sentences.
 * @typedef {(html: string) => string[]} Rule
 */

/**
 * The elements of a page, in document order, each with its attributes as an object and its parent.
 * @param {string} html
 * @returns {PageElement[]}
 */
export function elementsOf(html) {
  /** @type {PageElement[]} */
  const out = [];
  /** @param {HtmlNode} node */
  const walk = (node) => {
    for (const child of node.childNodes ?? []) {
      if (child.tagName) {
        out.push({tag: child.tagName, attrs: Object.fromEntries(child.attrs.map((a) => [a.name, a.value])), node: child});
      }
      walk(child.content ?? child);
    }
  };
  walk(parse(html));
  return out;
}

/**
 * @param {HtmlNode} node
 * @returns {string}
 */
const textOf = (node) => (node.nodeName === '#text' ? /** @type {string} */ (node.value) : (node.childNodes ?? []).map(textOf).join(''));

/**
 * The accessible name a region gets from aria-labelledby or aria-label (what the landmark list of a screen reader shows).
 * @param {PageElement} element
 * @param {Map<string, PageElement>} byId
 */
function regionName(element, byId) {
  const ids = element.attrs['aria-labelledby']?.split(/\s+/).filter(Boolean);
  if (ids?.length) return ids.map((id) => (byId.get(id) ? textOf(/** @type {PageElement} */ (byId.get(id)).node) : '')).join(' ').replace(/\s+/g, ' ').trim();
  return (element.attrs['aria-label'] ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * No two regions of a page share a name (and every region has one).
 * @type {Rule}
 */
export function duplicateRegionNames(html) {
  const elements = elementsOf(html);
  const byId = new Map(elements.filter((e) => e.attrs.id).map((e) => [e.attrs.id, e]));
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {string[]} */
  const failures = [];
  for (const element of elements.filter((e) => e.attrs.role === 'region')) {
    const name = regionName(element, byId);
    if (!name) failures.push(`a region (<${element.tag} class="${element.attrs.class ?? ''}">) has no name`);
    else seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  for (const [name, count] of seen) if (count > 1) failures.push(`${count} regions are named "${name}"`);
  return failures;
}

/**
 * Every tab names its panel and every panel its tab: `[role=tab]` has an id
 * and `aria-controls` naming a `[role=tabpanel]` whose `aria-labelledby`
 * names the tab back; every panel is named by a tab; their ids are unique.
 * @type {Rule}
 */
export function untiedTabs(html) {
  const elements = elementsOf(html);
  /** @type {Map<string, PageElement>} */
  const byId = new Map();
  /** @type {string[]} */
  const failures = [];
  for (const element of elements) {
    const id = element.attrs.id;
    if (id === undefined) continue;
    if (byId.has(id) && /^tab(panel)?$/.test(element.attrs.role ?? /** @type {PageElement} */ (byId.get(id)).attrs.role)) failures.push(`the id "${id}" is on two elements`);
    byId.set(id, element);
  }
  for (const tab of elements.filter((e) => e.attrs.role === 'tab')) {
    const label = `tab "${textOf(tab.node).trim()}"`;
    const id = tab.attrs.id;
    const controls = tab.attrs['aria-controls'];
    if (!id) failures.push(`${label} has no id`);
    if (!controls) {
      failures.push(`${label} has no aria-controls`);
      continue;
    }
    const panel = byId.get(controls);
    if (!panel) failures.push(`${label}: aria-controls="${controls}" names no element`);
    else if (panel.attrs.role !== 'tabpanel') failures.push(`${label}: aria-controls names a ${panel.attrs.role ?? panel.tag}, not a tabpanel`);
    else if (!id || !(panel.attrs['aria-labelledby'] ?? '').split(/\s+/).includes(id)) {
      // Lazy tabs draw only the selected panel, which every tab of the list names: it names the selected tab.
      const named = byId.get(panel.attrs['aria-labelledby'] ?? '');
      const shared = tab.attrs['aria-selected'] === 'false' && named?.attrs['aria-selected'] === 'true' && named.attrs['aria-controls'] === controls;
      if (!shared) failures.push(`${label}: its panel's aria-labelledby does not name it`);
    }
  }
  for (const panel of elements.filter((e) => e.attrs.role === 'tabpanel')) {
    const tab = byId.get(panel.attrs['aria-labelledby'] ?? '');
    if (!panel.attrs.id || tab?.attrs.role !== 'tab' || tab.attrs['aria-controls'] !== panel.attrs.id) {
      failures.push(`a tabpanel (id "${panel.attrs.id ?? ''}") is not named by the tab that controls it`);
    }
  }
  return failures;
}

/**
 * Every element with itemprop is inside an item (an ancestor with itemscope).
 * @type {Rule}
 */
export function strayItemprop(html) {
  /** @type {string[]} */
  const failures = [];
  for (const element of elementsOf(html).filter((e) => 'itemprop' in e.attrs)) {
    /** @type {HtmlNode | null | undefined} */
    let parent = element.node.parentNode;
    while (parent && !(parent.attrs ?? []).some((a) => a.name === 'itemscope')) parent = parent.parentNode;
    if (!parent) failures.push(`<${element.tag} itemprop="${element.attrs.itemprop}"> is in no itemscope`);
  }
  return failures;
}

/**
 * Every form has a submit button.
 * @type {Rule}
 */
export function formsWithoutSubmit(html) {
  /** @type {string[]} */
  const failures = [];
  for (const form of elementsOf(html).filter((e) => e.tag === 'form')) {
    /** @type {Array<{tag: string, type: string | undefined}>} */
    const controls = [];
    /** @param {HtmlNode} node */
    const walk = (node) => {
      for (const child of node.childNodes ?? []) {
        if (child.tagName) controls.push({tag: child.tagName, type: child.attrs.find((a) => a.name === 'type')?.value?.toLowerCase()});
        walk(child);
      }
    };
    walk(form.node);
    const submits = controls.filter((c) => (c.tag === 'button' && (c.type === undefined || c.type === 'submit')) || (c.tag === 'input' && /^(submit|image)$/.test(c.type ?? '')));
    if (submits.length === 0) failures.push(`a form (${form.attrs.role ? `role "${form.attrs.role}"` : form.attrs.class ?? 'no class'}) has no submit button`);
  }
  return failures;
}

/**
 * Every link has an address: an `<a>` without href is no link to a keyboard, a screen reader or a crawler
 * (Lighthouse's SEO audit "crawlable-anchors" fails the page on one).
 * @type {Rule}
 */
export function linksWithoutHref(html) {
  return elementsOf(html)
    .filter((e) => e.tag === 'a' && !e.attrs.href)
    .map((e) => `<a${e.attrs.class ? ` class="${e.attrs.class}"` : ''}> "${textOf(e.node).trim().slice(0, 40)}" has no href`);
}

export const RULES = {duplicateRegionNames, untiedTabs, strayItemprop, formsWithoutSubmit, linksWithoutHref};

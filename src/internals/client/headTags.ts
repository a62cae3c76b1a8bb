/**
 * Seam "head-tags": react-helmet-async in the browser's bundle, for
 * @docusaurus/core's `<Head>` (Helmet) and client entry (HelmetProvider). The
 * server keeps Helmet, which writes every built page's head. In the browser a
 * `<Head>` only keeps the document in step with the page after hydration and
 * navigation: the title, the attributes of <html> and <body> (classes, lang,
 * data-has-hydrated), and the head's tags marked data-rh. As with Helmet, the
 * `<Head>` rendered last wins, a meta tag or canonical link replaces its namesake, an unchanged tag is kept.
 */
import {Children, Fragment, createElement, isValidElement, useEffect, useState, type ReactElement, type ReactNode} from 'react';

type Props = Record<string, unknown>;
interface Entry {
  order: number;
  children: ReactNode;
}

const entries = new Set<Entry>();
let rendered = 0;
let pending = false;
/** The attributes of <html> and <body> the last update set, removed when no `<Head>` sets them any more. */
const managed = {html: new Set<string>(), body: new Set<string>()};
const NAMES: Record<string, string> = {
  className: 'class',
  charSet: 'charset',
  httpEquiv: 'http-equiv',
  itemProp: 'itemprop',
  hrefLang: 'hreflang',
  crossOrigin: 'crossorigin',
};

const elementsOf = (children: ReactNode): ReactElement<Props>[] =>
  Children.toArray(children).flatMap((child) =>
    !isValidElement<Props>(child) ? [] : child.type === Fragment ? elementsOf(child.props.children as ReactNode) : [child],
  );

/** Attribute values as React writes them: `data-*` and `aria-*` booleans as words, other booleans present or absent. */
const attributesOf = (props: Props): [string, string][] =>
  Object.entries(props).flatMap(([key, value]): [string, string][] => {
    const words = /^(data|aria)-/.test(key);
    if (key === 'children' || key === 'dangerouslySetInnerHTML' || value == null || (value === false && !words)) return [];
    return [[NAMES[key] ?? key, value === true && !words ? '' : String(value)]];
  });

/** The tag a later one replaces (Helmet's primary attributes), else the tag itself. */
function keyOf(type: string, props: Props, tag: HTMLElement): string {
  if (type === 'meta') for (const k of ['name', 'property', 'charSet', 'httpEquiv', 'itemProp']) if (props[k] != null) return `meta ${k}=${String(props[k])}`;
  return type === 'link' && props.rel === 'canonical' ? 'link canonical' : tag.outerHTML;
}

function setAttributes(which: 'html' | 'body', attributes: Map<string, string>): void {
  const element = which === 'html' ? document.documentElement : document.body;
  for (const name of managed[which]) if (!attributes.has(name)) element.removeAttribute(name);
  for (const [name, value] of attributes) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  managed[which] = new Set(attributes.keys());
}

function update(): void {
  pending = false;
  let title: string | undefined;
  const root = {html: new Map<string, string>(), body: new Map<string, string>()};
  const tags = new Map<string, HTMLElement>();
  for (const {children} of [...entries].sort((a, b) => a.order - b.order)) {
    for (const {type, props} of elementsOf(children)) {
      if (type === 'title') title = Children.toArray(props.children as ReactNode).join('');
      else if (type === 'html' || type === 'body') for (const [name, value] of attributesOf(props)) root[type].set(name, value);
      else if (typeof type === 'string') {
        const tag = document.createElement(type);
        for (const [name, value] of attributesOf(props)) tag.setAttribute(name, value);
        tag.setAttribute('data-rh', 'true');
        tag.textContent =
          (props.dangerouslySetInnerHTML as {__html?: string} | undefined)?.__html ?? (typeof props.children === 'string' ? props.children : '');
        tags.set(keyOf(type, props, tag), tag);
      }
    }
  }
  if (title !== undefined && document.title !== title) document.title = title;
  setAttributes('html', root.html);
  setAttributes('body', root.body);
  const wanted = [...tags.values()];
  // The title element stays: document.title rewrites it.
  for (const old of Array.from(document.head.querySelectorAll('[data-rh]:not(title)'))) {
    const same = wanted.findIndex((tag) => tag.isEqualNode(old));
    if (same >= 0) wanted.splice(same, 1);
    else old.remove();
  }
  document.head.append(...wanted);
}

// On the next frame, as Helmet does: hydration commits in parts, and a microtask per part set a half-drawn page's head and <html> class (bench/RESULTS.md).
const schedule = (): void => {
  if (!pending) requestAnimationFrame(update);
  pending = true;
};

/** Renders nothing: its children take effect after the commit that changed them. */
export function Helmet({children}: {children?: ReactNode}): null {
  // Numbered in render order, a parent before its children, so the deepest `<Head>` wins.
  const [entry] = useState<Entry>(() => ({order: (rendered += 1), children}));
  entry.children = children;
  useEffect(() => {
    entries.add(entry);
    schedule();
  });
  useEffect(
    () => () => {
      entries.delete(entry);
      schedule();
    },
    [entry],
  );
  return null;
}

/** The server's provider collects each page's head; the browser's has nothing to collect. */
export const HelmetProvider = ({children}: {children?: ReactNode}): ReactNode => createElement(Fragment, null, children);

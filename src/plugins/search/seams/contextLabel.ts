/**
 * Seam "search-worker": stands in for the search plugin's
 * `normalizeContextByPath` (@easyops-cn/docusaurus-search-local
 * dist/client/client/utils/normalizeContextByPath.js, which its search box
 * imports as "../../utils/normalizeContextByPath"). The plugin's generated
 * module lists the search contexts as paths only (../plugin.ts): a label per
 * section in the JavaScript every page loads grew with every section. The
 * search box reads a context's label only for "See all results within …",
 * after the first tier has loaded, and the first tier knows each section's
 * title (../client/client.ts, `contextLabel`).
 */
import {contextLabel} from '../client/client';

/** A context as the plugin's options give it: a path, or a path with a label (per locale). */
type Context = string | {label: string | Record<string, string>; path: string};

export function normalizeContextByPath(context: Context, currentLocale: string): {label: string; path: string} {
  if (typeof context === 'string') return {label: contextLabel(context), path: context};
  const {label, path} = context;
  if (typeof label === 'string') return {label, path};
  return {label: label[currentLocale] ?? path, path};
}

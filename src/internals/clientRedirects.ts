/**
 * Seam "client-redirect-pages": the hosting rules (src/plugins/hosting/plugin.ts)
 * turn the pages that @docusaurus/plugin-client-redirects writes into real
 * redirects, so they recognise those pages by their markup
 * (@docusaurus/plugin-client-redirects/lib/createRedirectPageContent.js).
 * If the plugin's page changes, no page is recognised: the hosting plugin
 * then fails the build (it expects as many redirects as the plugin wrote).
 */

/** The target of a page written by @docusaurus/plugin-client-redirects, or undefined. */
export function clientRedirectTarget(html: string): string | undefined {
  if (!/^\s*<!DOCTYPE html>\s*<html>\s*<head>\s*<meta charset="UTF-8">\s*<meta http-equiv="refresh"/.test(html)) return undefined;
  return /<link rel="canonical" href="([^"]+)" \/>/.exec(html)?.[1];
}

/**
 * Writes /robots.txt after the build, from the site's configured address
 * (`url` and `baseUrl`, src/config/urls.ts): every crawler may read every
 * page, and the file names the sitemap by its absolute URL, as the robots.txt
 * format asks. Written at build time rather than kept in static/ so that a
 * build for another address (LAUNCHDECK_SITE_URL) names its own sitemap;
 * without it, /robots.txt was answered by the not-found page. Test builds
 * are crawlable too: they are served on loopback only.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Feature} from '../../config/feature';

/** The sitemap's file name, as @docusaurus/plugin-sitemap writes it by default. */
export const SITEMAP_FILE = 'sitemap.xml';

/** The text of robots.txt for a site at `siteUrl` + `baseUrl`. */
export function robotsTxt(siteUrl: string, baseUrl: string): string {
  const sitemap = `${siteUrl.replace(/\/+$/, '')}${baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`}${SITEMAP_FILE}`;
  return ['# Every page may be crawled; the sitemap lists the canonical ones.', 'User-agent: *', 'Allow: /', '', `Sitemap: ${sitemap}`, ''].join('\n');
}

export default function robotsTxtPlugin(context: LoadContext): Plugin {
  return {
    name: 'launchdeck-robots-txt',
    async postBuild({outDir}) {
      await fs.promises.writeFile(path.join(outDir, 'robots.txt'), robotsTxt(context.siteConfig.url, context.siteConfig.baseUrl));
    },
  };
}

/** /robots.txt, naming the sitemap by its absolute URL. */
export const feature = (): Feature => ({plugins: [robotsTxtPlugin]});

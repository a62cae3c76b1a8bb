/**
 * How the built site must be served: the one place that says it.
 *
 * `npm run build` turns these rules, with what only the build knows (the
 * hashes of the inline scripts, the spec's short names), into:
 * - build/_hosting/rules.json, which scripts/serve.mjs reads;
 * - build/_headers and build/_redirects, for hosts that read them (Netlify,
 *   Cloudflare Pages);
 * - build/_hosting/nginx.conf, to include in an nginx server block.
 * (src/plugins/hosting/plugin.ts writes them; README "Deploying" says how to use them.)
 * Change a rule here, rebuild, and every host follows.
 */
/**
 * What is worth compressing (gzip, and brotli where the host has it), by the
 * type a file is served with. The one list for every host: nginx's gzip and
 * brotli settings (src/plugins/hosting/formats.ts) and scripts/serve.mjs. Netlify and
 * Cloudflare Pages compress text on their own.
 */
export const compressibleTypes = [
  'text/html',
  'text/css',
  'text/plain',
  'text/xml',
  'text/markdown',
  'application/javascript',
  'text/javascript',
  'application/json',
  'application/xml',
  'application/yaml',
  'image/svg+xml',
  // And the type of every file a feature declares (`files`, src/config/feature.ts), such as the changelog's feeds.
];

/**
 * Markdown by content negotiation: a request for a docs page whose Accept
 * header names text/markdown before any text/html gets the page's Markdown
 * (Content-Type text/markdown, Vary: Accept). One rule for scripts/serve.mjs
 * and the generated nginx configuration; q-values are not weighed.
 */
export const markdownAccept = '^(?:(?!text/html).)*text/markdown';

export default {
  /** Unknown paths get this page, with status 404. */
  notFound: '/404.html',

  /** `/x.html` and `/x/index.html` answer 301 with `/x` and `/x/` (the spec's normalisation). */
  cleanUrls: true,

  /**
   * Permanent (301) redirects. The build adds the spec's short names
   * (`/docs/servers/add-aws` → `/docs/servers/add-aws-server`, from
   * src/config/redirects.ts); the same redirects also exist as small HTML pages
   * for hosts that apply no rules.
   */
  redirects: [{from: '/', to: '/docs/'}],

  /** Never served: the rules themselves. */
  hidden: ['/_headers', '/_redirects', '/_hosting/'],

  cache: {
    /** Files whose name carries a hash of their content: cached for a year. */
    immutable: ['/assets/*', '/search-*'],
    immutableValue: 'public, max-age=31536000, immutable',
    /**
     * Everything else (pages, Markdown, llms.txt, the sitemap, feeds): revalidated on
     * every visit, cheaply: every host sends ETag and Last-Modified and answers a
     * conditional request for an unchanged file with 304 and no body.
     */
    otherValue: 'public, max-age=0, must-revalidate',
  },

  /** Sent with every response. */
  headers: {
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // The site uses none of these. (Copy page writes to the clipboard, which stays allowed for the site itself.)
    'Permissions-Policy':
      'accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), geolocation=(), gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=(), clipboard-read=(), clipboard-write=(self)',
  },

  /**
   * Content-Security-Policy. Scripts: the site's own files, and the inline
   * scripts of the built pages by their SHA-256 hash (the announcement bar's
   * script, the colour-mode script and its fallback (src/plugins/color-mode),
   * the script loader, the sidebar's scroll to the current page (src/plugins/navigation:
   * inline so that it runs before the first paint) and the redirect pages' script: the
   * build lists them and fails if there are more than `maxInlineScripts`; Rspack's HTML
   * minifier joins the colour-mode script and its fallback into one, webpack's keeps
   * two, so a webpack build (DOCUSAURUS_FASTER=false) has six). Never 'unsafe-inline' or
   * 'unsafe-eval' for scripts. Styles allow inline style attributes, which
   * React and the diagrams use. connect-src: the build adds the origins of
   * the API console's servers (apiServers in src/config/urls.ts).
   */
  csp: {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'none'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  },
  maxInlineScripts: 6,
};

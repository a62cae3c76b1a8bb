/**
 * Every URL that belongs to the product, defined once.
 *
 * Each value can be overridden at build time with the environment variable
 * named beside it (for example a staging build that points GET STARTED at a
 * staging app). Trailing slashes are removed so pages can append paths.
 */
export interface ProductUrls {
  /** Public URL of this documentation site (canonical URLs, sitemap, og:image). */
  site: string;
  /** The Launchdeck web app (GET STARTED, and %APP_URL% in pages). */
  app: string;
  /** The REST API base URL including its version (%API_URL% in pages). */
  api: string;
  /** The marketing site that serves /blog, /pricing and /careers. */
  marketing: string;
  /** The public status page. */
  status: string;
  /** The open-source repository of these docs (edit links, community support). */
  repository: string;
  /** The company's professional network page. */
  linkedin: string;
  /** The company's video channel. */
  youtube: string;
}

const defaults: ProductUrls = {
  site: 'https://docs.launchdeck.io',
  app: 'https://app.launchdeck.io',
  api: 'https://api.launchdeck.io/v1',
  marketing: 'https://launchdeck.io',
  status: 'https://status.launchdeck.io',
  repository: 'https://github.com/launchdeck/docs',
  linkedin: 'https://www.linkedin.com/company/launchdeck',
  youtube: 'https://www.youtube.com/@launchdeck',
};

/** Environment variable that overrides each URL. */
export const urlEnvironmentVariables: Record<keyof ProductUrls, string> = {
  site: 'LAUNCHDECK_SITE_URL',
  app: 'LAUNCHDECK_APP_URL',
  api: 'LAUNCHDECK_API_URL',
  marketing: 'LAUNCHDECK_MARKETING_URL',
  status: 'LAUNCHDECK_STATUS_URL',
  repository: 'LAUNCHDECK_REPO_URL',
  linkedin: 'LAUNCHDECK_LINKEDIN_URL',
  youtube: 'LAUNCHDECK_YOUTUBE_URL',
};

function resolve(key: keyof ProductUrls): string {
  const override = process.env[urlEnvironmentVariables[key]]?.trim();
  const value = override ? override : defaults[key];
  if (!/^https?:\/\/[^\s"'<>]+$/.test(value)) {
    throw new Error(`${urlEnvironmentVariables[key]} must be an absolute http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export const urls: ProductUrls = {
  site: resolve('site'),
  app: resolve('app'),
  api: resolve('api'),
  marketing: resolve('marketing'),
  status: resolve('status'),
  repository: resolve('repository'),
  linkedin: resolve('linkedin'),
  youtube: resolve('youtube'),
};

/**
 * Who writes the docs and the changelog, as a feed names its author (Atom
 * requires one, RFC 4287 §4.1.1): the product's team, with the product's site.
 */
export const author = {name: 'the Launchdeck team', url: urls.marketing} as const;

/**
 * Tokens that writers put in Markdown instead of literal URLs; the remark
 * plugin in src/utils/productUrls.ts replaces them at build time.
 */
export const urlTokens: Record<string, string> = {
  '%SITE_URL%': urls.site,
  '%APP_URL%': urls.app,
  '%API_URL%': urls.api,
  '%MARKETING_URL%': urls.marketing,
  '%STATUS_URL%': urls.status,
  '%REPO_URL%': urls.repository,
};

/** A server the API console (src/plugins/api-reference/client/console) can send requests to. */
export interface ApiServer {
  label: string;
  /** Base URL: an operation's path is appended to it. */
  url: string;
}

/**
 * Set LAUNCHDECK_API_MOCK_URL to the address of a mock of the API
 * (`npm run mock:api` serves one from api/openapi.yaml on
 * http://127.0.0.1:4010) to offer it in the console beside the real API:
 * writers try the console without a token, and the tests use it. Launchdeck
 * itself has no sandbox server.
 */
export const API_MOCK_VARIABLE = 'LAUNCHDECK_API_MOCK_URL';

function mockServer(): ApiServer[] {
  const value = process.env[API_MOCK_VARIABLE]?.trim();
  if (!value) return [];
  if (!/^https?:\/\/[^\s"'<>]+$/.test(value)) throw new Error(`${API_MOCK_VARIABLE} must be an absolute http(s) URL, got "${value}"`);
  return [{label: 'Mock server (contract examples)', url: value.replace(/\/+$/, '')}];
}

/** The console's servers, the real API first (written into each operation's console data). The Content-Security-Policy's connect-src lists their origins. */
export const apiServers: ApiServer[] = [{label: 'Launchdeck API', url: urls.api}, ...mockServer()];

/** The origins the site's pages may send requests to besides their own (connect-src). */
export const apiOrigins = (): string[] => [...new Set(apiServers.map((server) => new URL(server.url).origin))];

/**
 * src/config/sitemap.ts: a sitemap URL without a date of its own (a
 * generated category index) takes the newest date of the pages under it,
 * else the newest of the site; without any date (no git history) nothing
 * changes.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import createJiti from 'jiti';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {fillMissingLastmod} = /** @type {typeof import('../../src/config/sitemap.ts')} */ (jiti('../../src/config/sitemap.ts'));

const site = 'https://docs.example.com';

test('a page without a date takes the newest date of the pages under it, else the newest of the site', () => {
  const items = [
    {url: `${site}/docs/`, lastmod: '2026-10-01'},
    {url: `${site}/docs/api/reference/servers`, lastmod: null},
    {url: `${site}/docs/api/reference/servers/create-server`, lastmod: '2026-11-02'},
    {url: `${site}/docs/api/reference/servers/stop-server`, lastmod: '2026-09-15'},
    {url: `${site}/docs/api/reference/servers-extra/list`, lastmod: '2026-11-20'},
    {url: `${site}/docs/tags/`, lastmod: null},
  ];
  assert.deepEqual(
    fillMissingLastmod(items).map((item) => item.lastmod),
    ['2026-10-01', '2026-11-02', '2026-11-02', '2026-09-15', '2026-11-20', '2026-11-20'],
  );
});

test('without any date (a build without git history), no page gets one', () => {
  const items = [
    {url: `${site}/docs/`, lastmod: null},
    {url: `${site}/docs/servers/`, lastmod: null},
  ];
  assert.deepEqual(fillMissingLastmod(items), items);
});

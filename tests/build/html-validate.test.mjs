/**
 * html-validate, with the project's configuration (./html-validate.config.mjs),
 * on the built pages: no duplicate id, no invalid nesting, no control without
 * a label, no form without a submit button, no two landmarks of one name.
 * How a page is parsed, and the worker threads that share the pages, are in
 * ./html-validate-pages.mjs. Redirect pages come from one template
 * (src/plugins/hosting/plugin.ts): one of them is checked.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {validateAll, validatePage} from './html-validate-pages.mjs';
import {buildDir, assertBuilt, builtHtmlFiles} from '../helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

test('html-validate finds what it is kept for, on a page made to break it', async () => {
  const messages = await validatePage(fs.readFileSync(path.join(here, '__fixtures__/html-invalid.html'), 'utf8'), 'html-invalid.html');
  const rules = new Set(messages.map((m) => m.split(':')[0]));
  for (const rule of ['no-dup-id', 'element-permitted-content', 'input-missing-label', 'wcag/h32', 'unique-landmark', 'wcag/h37']) {
    assert.ok(rules.has(rule), `${rule} not reported; got:\n${messages.join('\n')}`);
  }
});

test('every built page passes html-validate (structure and accessibility rules)', async () => {
  assertBuilt();
  let redirectChecked = false;
  const files = builtHtmlFiles().filter((file) => {
    if (!/http-equiv=["']?refresh/i.test(fs.readFileSync(file, 'utf8'))) return true;
    if (redirectChecked) return false;
    redirectChecked = true;
    return true;
  });
  assert.ok(files.length > 200, `checked ${files.length} pages`);
  const failures = await validateAll(files, buildDir);
  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} problems (first 40 shown)`);
});

/**
 * html-validate, with the project's configuration (./html-validate.config.mjs),
 * on the built pages: no duplicate id, no invalid nesting, no control without
 * a label, no form without a submit button, no two landmarks of one name.
 * Each page is parsed as a browser parses it (parse5) and written back with
 * the elements the minifier leaves implicit, because html-validate does not
 * infer an omitted <head> or </p>. Redirect pages come from one template
 * (src/plugins/hosting/plugin.ts): one of them is checked.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse, serialize} from 'parse5';
import {HtmlValidate, StaticConfigLoader} from 'html-validate';
import config from './html-validate.config.mjs';
import {buildDir, assertBuilt, builtHtmlFiles} from '../helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const validator = new HtmlValidate(new StaticConfigLoader(config));

/**
 * The messages of one page, as "rule: message (selector)".
 * @param {string} html
 * @param {string} name
 */
export async function validatePage(html, name) {
  const report = await validator.validateString(serialize(parse(html)), name);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? 'document'})`));
}

test('html-validate finds what it is kept for, on a page made to break it', async () => {
  const messages = await validatePage(fs.readFileSync(path.join(here, '__fixtures__/html-invalid.html'), 'utf8'), 'html-invalid.html');
  const rules = new Set(messages.map((m) => m.split(':')[0]));
  for (const rule of ['no-dup-id', 'element-permitted-content', 'input-missing-label', 'wcag/h32', 'unique-landmark', 'wcag/h37']) {
    assert.ok(rules.has(rule), `${rule} not reported; got:\n${messages.join('\n')}`);
  }
});

test('every built page passes html-validate (structure and accessibility rules)', async () => {
  assertBuilt();
  const failures = [];
  let pages = 0;
  let redirectChecked = false;
  for (const file of builtHtmlFiles()) {
    const html = fs.readFileSync(file, 'utf8');
    if (/http-equiv=["']?refresh/i.test(html)) {
      if (redirectChecked) continue;
      redirectChecked = true;
    }
    pages += 1;
    const rel = path.relative(buildDir, file).split(path.sep).join('/');
    for (const message of await validatePage(html, rel)) failures.push(`${rel}: ${message}`);
  }
  assert.ok(pages > 200, `checked ${pages} pages`);
  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} problems (first 40 shown)`);
});

/**
 * html-validate on built pages (./html-validate.test.mjs), with the project's
 * configuration (./html-validate.config.mjs). Each page is parsed as a
 * browser parses it (parse5) and written back with the elements the minifier
 * leaves implicit, because html-validate does not infer an omitted <head> or
 * </p>. The pages are shared between worker threads, one per core: on CI's
 * two cores, the check of every page takes half the time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Worker, isMainThread, parentPort, workerData} from 'node:worker_threads';
import {parse, serialize} from 'parse5';
import {HtmlValidate, StaticConfigLoader} from 'html-validate';
import config from './html-validate.config.mjs';

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

/**
 * Each file's messages, as "file: rule: message (selector)", the file relative to `root`.
 * @param {string[]} files
 * @param {string} root
 */
async function validateFiles(files, root) {
  const failures = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    for (const message of await validatePage(fs.readFileSync(file, 'utf8'), rel)) failures.push(`${rel}: ${message}`);
  }
  return failures;
}

/**
 * The messages of every file, checked by one worker thread per core (files dealt out in turn).
 * @param {string[]} files
 * @param {string} root
 * @returns {Promise<string[]>}
 */
export async function validateAll(files, root) {
  const lanes = Math.max(1, Math.min(os.availableParallelism(), 4));
  const shares = Array.from({length: lanes}, (_, lane) => files.filter((_, i) => i % lanes === lane));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), {workerData: {files: share, root}});
          worker.once('message', resolve);
          worker.once('error', reject);
          // After its message, a worker's exit changes nothing; before it, the check failed.
          worker.once('exit', (code) => reject(new Error(`an html-validate worker stopped without its messages (exit code ${code})`)));
        }),
    ),
  );
  return /** @type {string[][]} */ (results).flat();
}

if (!isMainThread && workerData?.files) {
  parentPort?.postMessage(await validateFiles(workerData.files, workerData.root));
}

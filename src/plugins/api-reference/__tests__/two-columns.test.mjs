/**
 * The reference page's two columns, on fixtures (`<case>.input.json`: an
 * operation's blocks, src/plugins/api-reference/blocks.ts): parameter tables
 * become rows with their own anchors (../pageData.ts), and the layout puts
 * the request's explanation and parameters on the left, Example request, Try
 * it and each response's example on the right (../pageData.ts's layoutOf, into the page's data as its one `columns` block). A page
 * without those sections stays in one column (layout null). A body's
 * variants ("provider: `aws`", "provider: `self_hosted`") become one block
 * behind a selector, and leave "On this page".
 */
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, testFixtures} from '../../../../tests/unit/fixtures.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {operationPageData} = /** @type {typeof import('../pageData.ts')} */ (jiti('../pageData.ts'));

/** What a block is, in one line: the layout test reads better without the highlighted tokens. */
const summary = (/** @type {import('../pageData.ts').PageBlock} */ block) =>
  'h' in block
    ? `h${block.h} #${block.id}`
    : 'html' in block
      ? `html ${block.html.slice(0, 60)}`
      : 'params' in block
        ? `params${block.anchor ? ` #${block.anchor}-…` : ''}: ${block.params.map((row) => row[0] + (row[4] ? ` #${row[4]}` : '')).join(', ')}`
        : 'code' in block
          ? `code ${block.language}`
          : 'variants' in block
            ? `variants ${block.variants}: ${block.options.map((o) => `${o.label} #${o.id} (${o.blocks.length} block)`).join(', ')}`
            : Object.keys(block)[0];

testFixtures(path.join(fixturesBeside(import.meta.url), 'two-columns'), (input) => {
  const data = operationPageData(JSON.parse(input));
  const first = data.blocks[0];
  const layout = data.blocks.length === 1 && first && 'columns' in first ? first.columns : null;
  return {
    'toc.json': `${JSON.stringify(
      data.toc.map((item) => `${item.level} #${item.id}`),
      null,
      2,
    )}\n`,
    'blocks.json': `${JSON.stringify(data.blocks, (key, value) => (key === 'tokens' && value ? '…' : value), 2)}\n`,
    'layout.json': `${JSON.stringify(
      layout && {
        top: layout.top.map(summary),
        aside: layout.aside.map(summary),
        responses: layout.responses.map((r) => `${r.status}: ${summary(r.block)}`),
        rest: layout.rest.map(summary),
      },
      null,
      2,
    )}\n`,
  };
});

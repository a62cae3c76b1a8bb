/**
 * Headings are in sentence case (the writer's reference, Part A3,
 * "Headings"): only the first word and proper names start with a capital.
 * Code, bold UI labels and all-capitals words (API, SSH) are left alone;
 * proper names the docs use are listed in textlint/proper-names.json.
 */
const fs = require('node:fs');
const path = require('node:path');

const names = new Set(require('../proper-names.json'));

/**
 * UI labels keep their capitals in headings ("The Remove menu item isn't
 * shown"): every bold label of the writer's reference is one, as the
 * reference spells it. Error messages quoted in troubleshooting headings are
 * listed in textlint/heading-phrases.json.
 */
const reference = fs.readFileSync(path.join(__dirname, '../../contributing/writers-reference.md'), 'utf8');
const labels = [...new Set([...reference.matchAll(/\*\*([^*\n]{2,60})\*\*/g)].map((m) => m[1].trim()).filter((label) => /^[A-Z]/.test(label)))];
const phrases = [...labels, ...require('../heading-phrases.json')].sort((a, b) => b.length - a.length);

/**
 * Character ranges of `text` covered by a UI label or an allowed phrase.
 * @param {string} text
 * @returns {number[][]}
 */
function allowedRanges(text) {
  // What a screen or a program says, quoted: "This environment is archived. It's read-only."
  const ranges = [...text.matchAll(/"[^"]*"|“[^”]*”/g)].map((m) => [m.index, m.index + m[0].length]);
  for (const phrase of phrases) {
    let at = text.indexOf(phrase);
    while (at >= 0) {
      const before = text[at - 1];
      const after = text[at + phrase.length];
      if ((!before || /\W/.test(before)) && (!after || /\W/.test(after))) ranges.push([at, at + phrase.length]);
      at = text.indexOf(phrase, at + 1);
    }
  }
  return ranges;
}

/**
 * A node of textlint's Markdown AST, as far as the rule reads it: text nodes
 * (Str) have a value, parent nodes children.
 * @typedef {{type: string, value?: string, range: readonly [number, number], children?: readonly HeadingNode[]}} HeadingNode
 */

/**
 * @param {Readonly<import('@textlint/types').TextlintRuleContext>} context
 * @returns {import('@textlint/types').TextlintRuleReportHandler}
 */
module.exports = function sentenceCaseHeadings(context) {
  const {Syntax, RuleError, report, locator} = context;
  return {
    [Syntax.Header](node) {
      let first = true;
      /** @param {HeadingNode} child */
      const visit = (child) => {
        if (child.type === 'Strong' || child.type === 'Code' || child.type === 'InlineCode' || child.type === 'Html') {
          first = false;
          return;
        }
        if (child.type !== 'Str') return (child.children ?? []).forEach(visit);
        const text = /** @type {string} */ (child.value);
        const allowed = allowedRanges(text);
        for (const m of text.matchAll(/[A-Za-z][A-Za-z'’.-]*/g)) {
          const word = m[0].replace(/[.'’-]+$/, '');
          const isFirst = first;
          first = false;
          // After a colon a new sentence may start ("Troubleshooting: Connection refused" is not, but "Step 2: Add a key" is).
          const afterColon = /[:?!]\s*$/.test(text.slice(0, m.index));
          const inLabel = allowed.some(([from, to]) => m.index >= from && m.index < to);
          if (isFirst || afterColon || inLabel || !/^[A-Z]/.test(word) || word === word.toUpperCase() || /[A-Z].*[A-Z]/.test(word) || names.has(word)) continue;
          const start = child.range[0] - node.range[0] + m.index;
          report(
            node,
            new RuleError(
              `Heading in sentence case: "${word}" is not a proper name (a proper name goes into textlint/proper-names.json, a UI label into the writer's reference in bold).`,
              {padding: locator.range([start, start + word.length])},
            ),
          );
        }
      };
      node.children.forEach(visit);
    },
  };
};

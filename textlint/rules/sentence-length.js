/**
 * Sentences stay short (the writer's reference, Part A3, "Voice": aim for 25
 * words or fewer). The linter refuses a sentence of more than 40 words; a code
 * span counts as one word, link targets don't count. Legal pages, whose
 * sentences a lawyer words, are left out.
 */
const MAX_WORDS = 40;

/**
 * A node of textlint's Markdown AST, as far as the rule reads it: text nodes
 * (Str, InlineCode) have a value, parent nodes children.
 * @typedef {{type: string, value?: string, children?: readonly TextNode[]}} TextNode
 */

/**
 * @param {Readonly<import('@textlint/types').TextlintRuleContext>} context
 * @returns {import('@textlint/types').TextlintRuleReportHandler}
 */
module.exports = function sentenceLength(context) {
  const {Syntax, RuleError, report} = context;
  /** @param {TextNode} node @returns {string} */
  const text = (node) => {
    if (node.type === 'InlineCode') return /** @type {string} */ (node.value).replace(/\s+/g, '_');
    if (node.type === 'Code' || node.type === 'Html') return ' ';
    if (node.type === 'Str') return /** @type {string} */ (node.value);
    return (node.children ?? []).map(text).join('');
  };
  if (/[\\/]docs[\\/]legal[\\/]/.test(context.getFilePath() ?? '')) return {};
  return {
    [Syntax.Paragraph](node) {
      const plain = text(node).replace(/\s+/g, ' ');
      for (const sentence of plain.split(/(?<=[.!?:])\s+(?=[A-Z0-9"“(])/)) {
        const words = sentence.split(' ').filter((w) => /[A-Za-z0-9]/.test(w)).length;
        if (words > MAX_WORDS) {
          report(node, new RuleError(`A sentence of ${words} words (at most ${MAX_WORDS}; aim for 25): "${sentence.slice(0, 60)}…". Split it.`));
        }
      }
    },
  };
};

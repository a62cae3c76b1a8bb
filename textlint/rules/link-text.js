/**
 * Link text says where the link goes (the writer's reference, Part A3,
 * "Links"): never "click here", "here", "this page", "this link", "read more".
 */
const VAGUE = /^(click here|here|this page|this link|link|read more|more|this)$/i;

/**
 * @param {Readonly<import('@textlint/types').TextlintRuleContext>} context
 * @returns {import('@textlint/types').TextlintRuleReportHandler}
 */
module.exports = function linkText(context) {
  const {Syntax, RuleError, report} = context;
  return {
    [Syntax.Link](node) {
      const text = node.children
        .map((/** @type {{type: string, value?: string}} */ child) => child.value ?? '')
        .join('')
        .trim();
      if (VAGUE.test(text))
        report(node, new RuleError(`Link text "${text}" doesn't say where the link goes: use the page's title or a phrase from the sentence.`));
    },
  };
};

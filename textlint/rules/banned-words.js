/**
 * The writer's reference's banned words (Part A3, "Banned words and phrases"):
 * words that talk down to readers or say nothing, vague marketing words and
 * abbreviations. Those with one safe replacement are fixed by `npm run lint:fix`.
 */
/** @type {[RegExp, string | null, string][]} */
const BANNED = [
  // [pattern, replacement or null (rewrite the sentence), why]
  [/\bsimply\b/i, null, 'talks down to readers: delete it'],
  [/\bjust\b/i, null, 'talks down to readers ("just select…"): delete it or say "only"'],
  [/\b(easy|easily|effortless|effortlessly)\b/i, null, 'talks down to readers: delete it'],
  [/\b(obviously|of course|clearly|basically|actually)\b/i, null, 'says nothing: delete it'],
  [/\bnote that\b/i, null, 'says nothing: delete it, or use a note admonition'],
  [/\bit should be noted\b/i, null, 'says nothing: delete it'],
  [/\b(seamless|seamlessly)\b/i, null, 'marketing: describe what happens'],
  [
    /\b(powerful|robust|cutting-edge|state-of-the-art|best-in-class|world-class|next-generation|revolutionary|blazing fast|lightning fast|magically|magic)\b/i,
    null,
    'marketing: describe the fact',
  ],
  [/\bplease\b/i, null, 'delete it in instructions'],
  [/\bin order to\b/i, 'to', 'wordy'],
  [/\b(leverage|utilize)\b/i, 'use', 'jargon'],
  [/\be\.g\./i, 'for example', 'abbreviation'],
  [/\bi\.e\./i, 'that is', 'abbreviation'],
  [/\betc\./i, 'and so on', 'abbreviation'],
  // The verb only: "the step's log in the action" is a noun.
  [/\blog ?in(?= (?:to|with|as)\b)/i, 'sign in', 'the reference says sign in'],
  [/\blogged in(?= (?:to|with|as)\b)/i, 'signed in', 'the reference says sign in'],
  [/\blog ?out(?= of\b)/i, 'sign out', 'the reference says sign out'],
  [/\bwhitelist\b/i, 'allowlist', 'the reference uses allowlist'],
  [/\bblacklist\b/i, 'denylist', 'the reference uses denylist'],
];

/**
 * @param {Readonly<import('@textlint/types').TextlintRuleContext>} context
 * @returns {import('@textlint/types').TextlintRuleReportHandler}
 */
function linter(context) {
  const {Syntax, RuleError, report, getSource, fixer, locator} = context;
  return {
    [Syntax.Str](node) {
      const text = getSource(node);
      for (const [pattern, replacement, why] of BANNED) {
        const global = new RegExp(pattern.source, 'gi');
        for (const m of text.matchAll(global)) {
          /** @type {[number, number]} */
          const range = [m.index, m.index + m[0].length];
          const fix = replacement
            ? fixer.replaceTextRange(range, m[0][0] === m[0][0].toUpperCase() ? replacement[0].toUpperCase() + replacement.slice(1) : replacement)
            : undefined;
          report(
            node,
            new RuleError(`"${m[0]}": ${why}${replacement ? ` (write "${replacement}")` : ''}.`, {padding: locator.range(range), ...(fix ? {fix} : {})}),
          );
        }
      }
    },
  };
}

module.exports = {linter, fixer: linter};

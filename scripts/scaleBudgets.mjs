/**
 * The budgets of `npm run bench -- --scale N` (bench/budgets.json, "scale"):
 * what the site may grow by when its guides are N times over. Figures come
 * from the bench's scale table: figure name → {1: value at ×1, N: value at ×N}.
 * Budgets per factor:
 * - first_load_js_growth_kb: every "First-load JS, <page> (KB gzip)" at ×N
 *   within this many KB of ×1;
 * - first_search_tier_kb: "First search tier (KB gzip)" at ×N at most this;
 * - cold_build_ratio: "Cold build (s)" at ×N at most this many times ×1;
 * - peak_memory_mb: "Peak memory (MB)" at ×N at most this.
 * A factor without budgets of its own is held to those of the next larger
 * factor listed (×2 to ×4's), as a smaller site must not grow more.
 */

/**
 * @typedef {{first_load_js_growth_kb?: number, first_search_tier_kb?: number, cold_build_ratio?: number, peak_memory_mb?: number}} ScaleBudget
 * @typedef {Record<string, Record<number, number>>} ScaleTable
 * @typedef {{figure: string, limit: string, value: string, ok: boolean}} BudgetRow
 */

/**
 * The budgets that hold at `factor`, and the factor they were written for.
 * @param {Record<string, unknown>} scaleBudgets bench/budgets.json's "scale" object
 * @param {number} factor
 * @returns {{factor: number, budget: ScaleBudget} | undefined}
 */
export function budgetFor(scaleBudgets, factor) {
  const listed = Object.keys(scaleBudgets)
    .filter((key) => /^\d+$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
  const at = listed.find((f) => f >= factor);
  return at === undefined ? undefined : {factor: at, budget: /** @type {ScaleBudget} */ (scaleBudgets[String(at)])};
}

/** @param {number} value */
const round = (value) => Math.round(value * 10) / 10;

/**
 * Each budget that holds at `factor`, checked against the scale table.
 * @param {ScaleTable} table
 * @param {number} factor
 * @param {Record<string, unknown>} scaleBudgets
 * @returns {BudgetRow[]}
 */
export function checkScaleBudgets(table, factor, scaleBudgets) {
  const found = budgetFor(scaleBudgets, factor);
  if (!found) return [];
  const {budget} = found;
  /** @type {BudgetRow[]} */
  const rows = [];
  /** @param {string} figure */
  const values = (figure) => {
    const byFactor = table[figure];
    const one = byFactor?.[1];
    const many = byFactor?.[factor];
    if (typeof one !== 'number' || typeof many !== 'number' || Number.isNaN(one) || Number.isNaN(many))
      throw new Error(`bench --scale: no figure "${figure}" at ×1 and ×${factor}`);
    return {one, many};
  };
  if (budget.first_load_js_growth_kb !== undefined) {
    for (const figure of Object.keys(table).filter((key) => key.startsWith('First-load JS, '))) {
      const {one, many} = values(figure);
      const growth = round(many - one);
      rows.push({
        figure,
        limit: `+${budget.first_load_js_growth_kb} KB`,
        value: `${growth >= 0 ? '+' : ''}${growth} KB`,
        ok: growth <= budget.first_load_js_growth_kb,
      });
    }
  }
  if (budget.first_search_tier_kb !== undefined) {
    const {many} = values('First search tier (KB gzip)');
    rows.push({
      figure: 'First search tier (KB gzip)',
      limit: `${budget.first_search_tier_kb} KB`,
      value: `${many} KB`,
      ok: many <= budget.first_search_tier_kb,
    });
  }
  if (budget.cold_build_ratio !== undefined) {
    const {one, many} = values('Cold build (s)');
    const ratio = Math.round((many / one) * 100) / 100;
    rows.push({figure: 'Cold build (s)', limit: `${budget.cold_build_ratio}× ×1`, value: `${ratio}×`, ok: ratio <= budget.cold_build_ratio});
  }
  if (budget.peak_memory_mb !== undefined) {
    const {many} = values('Peak memory (MB)');
    rows.push({figure: 'Peak memory (MB)', limit: `${budget.peak_memory_mb} MB`, value: `${many} MB`, ok: many <= budget.peak_memory_mb});
  }
  return rows;
}

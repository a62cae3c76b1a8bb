/**
 * React draws a docs page once when it hydrates, not twice. After hydration,
 * Docusaurus renders again what reads "are we in the browser?" (the sidebar's
 * categories, tabs), which is small. The page around the article must not render
 * again: when the route tables' sidebar wrapper (src/internals/theme/DocVersionRoot)
 * handed the docs theme a new version object after hydration, most of the page
 * rendered a second time (about 800 of the task page's 1,105 components, 380 ms of
 * a phone's CPU; bench/RESULTS.md, 2026-11-29).
 *
 * A stand-in for React's DevTools hook sees each commit. A component rendered in a
 * commit did work (React's PerformedWork flag) and is not the fiber the previous
 * commit held (a component React skipped keeps its fiber, flags and all).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {visit, withSiteAndBrowser} from '../helpers.mjs';
import {MEASURED_PAGES} from '../../scripts/benchCompare.mjs';

const site = withSiteAndBrowser();

/** Records, for each commit, the components that rendered on the path from the root to the page's <article>. */
function recordCommits() {
  /** @type {Array<{article: boolean, at: number[], of: number}>} */
  const commits = [];
  /** @type {Set<object>} */
  let previous = new Set();
  const PERFORMED_WORK = 1;
  Object.assign(window, {
    __commits: commits,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      /** @param {number} id @param {any} root */
      onCommitFiberRoot(id, root) {
        const current = new Set();
        /** @type {any} */
        let article = null;
        /** @param {any} fiber */
        const walk = (fiber) => {
          for (let f = fiber; f; f = f.sibling) {
            current.add(f);
            if (f.stateNode instanceof HTMLElement && f.stateNode.tagName === 'ARTICLE') article ??= f;
            if (f.child) walk(f.child);
          }
        };
        walk(root.current);
        /** @type {number[]} */
        const at = [];
        let k = 0;
        for (let f = article?.return; f; f = f.return) {
          if (typeof f.type !== 'function') continue;
          k += 1;
          if ((f.flags & PERFORMED_WORK) !== 0 && !previous.has(f)) at.push(k);
        }
        commits.push({article: Boolean(article), at, of: k});
        previous = current;
      },
    },
  });
}

for (const [kind, route] of Object.entries(MEASURED_PAGES).filter(([kind]) => kind !== 'search')) {
  test(`the ${kind} page (${route}) renders the page around its article once, when it hydrates`, async () => {
    const {page} = await visit(site, route, {beforeLoad: (tab) => tab.addInitScript(recordCommits)});
    try {
      // Whatever renders again after hydration does so in the next frames.
      await page.waitForTimeout(500);
      /** @type {Array<{article: boolean, at: number[], of: number}>} */
      const commits = await page.evaluate(() => /** @type {any} */ (window).__commits);
      assert.ok(commits.length > 0 && commits[0].article, `React committed the page with its article (commits: ${JSON.stringify(commits)})`);
      assert.ok(commits[0].at.length > 5, `hydration rendered the page's layout (${commits[0].at.length} components above the article)`);
      // A component that updates itself renders alone (the components around it are skipped); a page rendered again
      // from above renders every component of the path down to the article, one after the other.
      const longestRun = (/** @type {number[]} */ at) =>
        at
          .reduce((run, k, i) => (i > 0 && at[i - 1] === k - 1 ? [run[0], run[1] + 1] : [Math.max(run[0], run[1]), 1]), [0, 0])
          .reduce((a, b) => Math.max(a, b));
      for (const [i, commit] of commits.slice(1).entries()) {
        assert.ok(
          longestRun(commit.at) <= 2,
          `commit ${i + 2} rendered the page again from above: ${commit.at.length} of the article's ${commit.of} enclosing components, at ${commit.at.join(', ')} (1 is the nearest)`,
        );
      }
    } finally {
      await page.close();
    }
  });
}

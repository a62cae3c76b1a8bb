/**
 * The bar the theme shows at the top of the window during a navigation slower
 * than 200 ms (nprogress, set up by @docusaurus/theme-classic's nprogress
 * client module), without the roles of its upstream template: `role="bar"`
 * and `role="spinner"` aren't ARIA roles, so a screen reader met an element
 * of no known kind, and axe reported `aria-roles`. The bar is found by its
 * class instead; the spinner stays off, as the theme sets it.
 */
import nprogress from 'nprogress';

nprogress.configure({
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
  spinnerSelector: '.spinner',
});

/** The part of nprogress 0.2 (no types of its own) that ./progressBar.ts uses. */
declare module 'nprogress' {
  const nprogress: {configure(options: {template?: string; barSelector?: string; spinnerSelector?: string}): unknown};
  export default nprogress;
}

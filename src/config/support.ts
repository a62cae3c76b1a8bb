/**
 * The repository's new-issue link for a doc page, pre-filled through the
 * docs-feedback issue form (.github/ISSUE_TEMPLATE/docs-feedback.yml), whose
 * `page-title` and `page-url` fields match the query parameters below.
 */
export function communitySupportUrl(repository: string, pageTitle: string, pageUrl: string): string {
  const params = new URLSearchParams({
    template: 'docs-feedback.yml',
    title: `[Docs] ${pageTitle}`,
    labels: 'docs-feedback',
    'page-title': pageTitle,
    'page-url': pageUrl,
  });
  return `${repository}/issues/new?${params.toString()}`;
}

/** The docs-feedback form, pre-filled with the answer to "Was this page helpful?". */
export function docsFeedbackUrl(repository: string, pageTitle: string, pageUrl: string, helpful: 'Yes' | 'No'): string {
  const params = new URLSearchParams({
    template: 'docs-feedback.yml',
    title: `[Docs feedback] ${pageTitle}`,
    labels: 'docs-feedback',
    'page-title': pageTitle,
    'page-url': pageUrl,
    helpful,
  });
  return `${repository}/issues/new?${params.toString()}`;
}

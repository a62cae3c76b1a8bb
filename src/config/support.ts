/**
 * The repository's new-issue link for a doc page, pre-filled through the
 * docs-feedback issue form (.github/ISSUE_TEMPLATE/docs-feedback.yml), whose
 * `page-title`, `page-url` and `helpful` fields match the query parameters
 * below: "Community support" (no answer) and "Was this page helpful?" (with it).
 */
export function docsFeedbackUrl(repository: string, pageTitle: string, pageUrl: string, helpful?: 'Yes' | 'No'): string {
  const params = new URLSearchParams({
    template: 'docs-feedback.yml',
    title: `[Docs${helpful ? ' feedback' : ''}] ${pageTitle}`,
    labels: 'docs-feedback',
    'page-title': pageTitle,
    'page-url': pageUrl,
    ...(helpful ? {helpful} : {}),
  });
  return `${repository}/issues/new?${params.toString()}`;
}

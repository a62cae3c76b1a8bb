// Ejected from @docusaurus/theme-classic 3.7.0 theme/DocItem/Footer/index.js (unsafe): the edit row without the tags row (the writer's reference forbids `tags`, tests/content checks it, so TagsListInline stays out of every doc page's JavaScript), then "Was this page helpful?" and a "Community support" link.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import EditMetaRow from '@theme/EditMetaRow';
import {docsFeedbackUrl} from '@site/src/config/support';
import PageFeedback from '../../../client/PageFeedback';
import type {ProductUrls} from '@site/src/config/urls';

/** The feedback question and the support link are pre-filled with the page's title and URL. */
export default function DocItemFooter(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {metadata} = useDoc();
  const {editUrl, lastUpdatedAt, lastUpdatedBy} = metadata;
  const productUrls = siteConfig.customFields?.urls as ProductUrls;
  const pageUrl = `${siteConfig.url}${metadata.permalink}`;
  return (
    <>
      {(editUrl || lastUpdatedAt || lastUpdatedBy) && (
        <footer className={clsx(ThemeClassNames.docs.docFooter, 'docusaurus-mt-lg')}>
          <EditMetaRow
            className={clsx('margin-top--sm', ThemeClassNames.docs.docFooterEditMetaRow)}
            editUrl={editUrl}
            lastUpdatedAt={lastUpdatedAt}
            lastUpdatedBy={lastUpdatedBy}
          />
        </footer>
      )}
      <PageFeedback repository={productUrls.repository} pageTitle={metadata.title} pageUrl={pageUrl} />
      <p className="ld-doc-support">
        Stuck or found a mistake?{' '}
        <Link href={docsFeedbackUrl(productUrls.repository, metadata.title, pageUrl)} data-testid="community-support">
          Community support
        </Link>{' '}
        opens a pre-filled issue for this page.
      </p>
    </>
  );
}

import React, {type ReactNode} from 'react';
import Footer from '@theme-init/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {docsFeedbackUrl} from '@site/src/config/support';
import PageFeedback from '../../../client/PageFeedback';
import type {ProductUrls} from '@site/src/config/urls';

type Props = WrapperProps<typeof FooterType>;

/** Adds "Was this page helpful?" and a "Community support" link, both pre-filled with the page's title and URL, under the edit link. */
export default function FooterWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {metadata} = useDoc();
  const productUrls = siteConfig.customFields?.urls as ProductUrls;
  const pageUrl = `${siteConfig.url}${metadata.permalink}`;
  return (
    <>
      <Footer {...props} />
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

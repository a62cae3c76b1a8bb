// Ejected from @docusaurus/theme-classic 3.7.0 theme/DocItem/Content/index.js (unsafe): the title, then its toolbar ("On this page" on phones, the page actions), then the page.
import React, {type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import MDXContent from '@theme/MDXContent';
import type {Props} from '@theme/DocItem/Content';
import DocItemTOCMobile from '@theme-init/DocItem/TOC/Mobile';
import PageActions from '../../../client/PageActions';

/**
 * The page's h1, then its toolbar: on phones the "On this page" menu (which
 * theme-classic puts above the title, see ../TOC/Mobile) and the page
 * actions; on wide screens the page actions alone, which ../../../client/page-tools.css moves up
 * to the breadcrumb row, so the title has the content's full width.
 * Every doc page loads this file: keep it small (the task page's JavaScript
 * budget). The header costs no more than the one it replaced (bench/RESULTS.md).
 */
/** What DocItem/Layout draws above the title in place of "On this page" (../TOC/Mobile). */
export function NothingAboveTheTitle(): null {
  return null;
}

export default function DocItemContent({children}: Props): ReactNode {
  const {metadata, frontMatter, contentTitle, toc} = useDoc();
  // theme-classic's "synthetic title": the front matter's, unless the Markdown has its own h1
  // (the writers' checks forbid one). An API reference page names its shorter h1 in `heading`.
  const title = !frontMatter.hide_title && typeof contentTitle === 'undefined' && ((frontMatter as {heading?: string}).heading ?? metadata.title);
  return (
    // ThemeClassNames.docs.docMarkdown and Infima's "markdown", written out.
    <div className="theme-doc-markdown markdown">
      {title && (
        <header>
          <Heading as="h1">{title}</Heading>
          <div className="ld-doc-toolbar">
            {!frontMatter.hide_table_of_contents && toc[0] && <DocItemTOCMobile />}
            <PageActions permalink={metadata.permalink} />
          </div>
        </header>
      )}
      <MDXContent>{children}</MDXContent>
    </div>
  );
}

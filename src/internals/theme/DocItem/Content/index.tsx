// Ejected from @docusaurus/theme-classic 3.7.0 theme/DocItem/Content/index.js (unsafe): the title, then its toolbar ("On this page" on phones, the page actions), then the page.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import MDXContent from '@theme/MDXContent';
import type {Props} from '@theme/DocItem/Content';
import DocItemTOCMobile from '@theme-init/DocItem/TOC/Mobile';
import PageActions from '@site/src/components/PageActions';
import {TitleToolbar} from '@site/src/components/TitleToolbar';

/**
 * What follows the page's h1: on phones the "On this page" menu (which
 * theme-classic puts above the title, see ../TOC/Mobile) and the page
 * actions; on wide screens the page actions alone, which custom.css moves up
 * to the breadcrumb row, so the title has the content's full width.
 */
function Toolbar(): ReactNode {
  const {toc, frontMatter} = useDoc();
  const hasToc = !frontMatter.hide_table_of_contents && toc.length > 0;
  return (
    <div className="ld-doc-toolbar">
      {hasToc && <DocItemTOCMobile />}
      <PageActions />
    </div>
  );
}

export default function DocItemContent({children}: Props): ReactNode {
  const {metadata, frontMatter, contentTitle} = useDoc();
  // theme-classic's "synthetic title": the front matter's, unless the Markdown has its own h1.
  const syntheticTitle = !frontMatter.hide_title && typeof contentTitle === 'undefined' ? metadata.title : null;
  return (
    <div className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}>
      {syntheticTitle && (
        <header>
          <Heading as="h1">{syntheticTitle}</Heading>
          <Toolbar />
        </header>
      )}
      {/* A page whose Markdown has its own h1 (the API reference) gets the toolbar after it (src/theme/MDXComponents/Heading). */}
      <TitleToolbar.Provider value={syntheticTitle ? null : <Toolbar />}>
        <MDXContent>{children}</MDXContent>
      </TitleToolbar.Provider>
    </div>
  );
}

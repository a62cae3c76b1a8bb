import React, {useEffect, type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';

/**
 * Wraps the local-search results page so its browser title follows the
 * site's "<page title> | Docs" pattern like every other page (the plugin
 * sets a bare title). The later Head wins, so this one is rendered last.
 */
export default function SearchPageWrapper(): ReactNode {
  const query = new URLSearchParams(useLocation().search).get('q')?.trim();
  // The plugin's context selector has no label; name it for screen readers.
  useEffect(() => {
    document.getElementById('context-selector')?.setAttribute('aria-label', 'Search in');
  });
  const title = query ? `Search results for "${query.slice(0, 80)}"` : 'Search the documentation';
  return (
    <>
      <SearchPage />
      <PageMetadata
        title={title}
        description="Search the Launchdeck documentation for servers, applications, pipelines, teams and the API."
      />
    </>
  );
}

// The not-found page's body (./index.tsx loads it): says plainly that the page does not exist, offers search and the most useful sections.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import {PageMetadata} from '@docusaurus/theme-common';
import type {Props} from '@theme/NotFound/Content';

const sections = [
  {to: '/docs/', label: 'Documentation home', hint: 'What Launchdeck is and where to start'},
  {to: '/docs/servers/', label: 'Servers', hint: 'Provision, connect and operate servers'},
  {to: '/docs/applications/', label: 'Applications', hint: 'Add and deploy your code'},
  {to: '/docs/pipelines/', label: 'Pipelines', hint: 'Automate steps and run them'},
  {to: '/docs/credentials/', label: 'Credentials', hint: 'Connect your cloud providers'},
  {to: '/docs/teams/', label: 'Teams', hint: 'Invite people and give them access'},
  {to: '/docs/api/', label: 'API', hint: 'Authenticate and make your first request'},
  {to: '/docs/api-tokens/', label: 'API tokens', hint: 'Create and revoke tokens'},
];

export default function NotFoundContent({className}: Props): ReactNode {
  const searchPage = useBaseUrl('/search');
  return (
    // data-ld-not-found: src/internals/client/cleanUrls.ts tells the not-found page's markup by it.
    <main className={clsx('container ld-status-page', className)} data-ld-not-found="">
      {/* Also here, not only in NotFound: unknown paths under /docs/ render this content alone. */}
      <PageMetadata title="Page Not Found" />
      <div className="row">
        <div className="col col--8 col--offset-2">
          <p className="ld-status-page__code">Error 404</p>
          <Heading as="h1">This page does not exist</Heading>
          <p>The address may be mistyped, or the page may have moved. Search the documentation or pick a section below.</p>
          <form action={searchPage} method="get" role="search" className="ld-notfound-search">
            <label htmlFor="notfound-search" className="ld-notfound-search__label">
              Search the documentation
            </label>
            <div className="ld-notfound-search__row">
              <input
                id="notfound-search"
                name="q"
                type="search"
                className="ld-notfound-search__input"
                placeholder="For example: add a server"
                autoComplete="off"
                required
              />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          <nav aria-label="Popular sections">
            <ul className="ld-status-page__links">
              {sections.map((section) => (
                <li key={section.to}>
                  <Link to={section.to}>
                    {section.label}
                    <span>{section.hint}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </main>
  );
}

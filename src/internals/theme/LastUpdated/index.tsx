// Ejected from @docusaurus/theme-classic 3.7.0 theme/LastUpdated/index.js (unsafe): its <time> carries itemProp="dateModified", but no doc page has an itemscope for it to belong to (html-validate and the Nu checker flag it); a wrapper cannot remove an attribute its child draws. The same words and <time dateTime>, without itemProp, and without Translate's descriptions (only write-translations reads them; the theme's files describe these ids), without the author (the config doesn't show one) and the development-mode note. The date is "Nov 28, 2026", as Intl.DateTimeFormat writes it in the site's one locale (en), without creating one: that took 60–110 ms of every page's hydration on the phone profile (npm run profile).
import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/LastUpdated';

function LastUpdatedAtDate({lastUpdatedAt}: {lastUpdatedAt: number}): ReactNode {
  const atDate = new Date(lastUpdatedAt);
  const date = `${'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[atDate.getUTCMonth()]} ${atDate.getUTCDate()}, ${atDate.getUTCFullYear()}`;
  return (
    <Translate
      id="theme.lastUpdated.atDate"
      values={{
        date: (
          <b>
            <time dateTime={atDate.toISOString()}>{date}</time>
          </b>
        ),
      }}>
      {' on {date}'}
    </Translate>
  );
}

export default function LastUpdated({lastUpdatedAt}: Props): ReactNode {
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        values={{
          atDate: lastUpdatedAt ? <LastUpdatedAtDate lastUpdatedAt={lastUpdatedAt} /> : '',
          byUser: '',
        }}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
    </span>
  );
}

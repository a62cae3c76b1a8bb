// Ejected from @docusaurus/theme-classic 3.7.0 theme/LastUpdated/index.js (unsafe): its <time> carries itemProp="dateModified", but no doc page has an itemscope for it to belong to (html-validate and the Nu checker flag it); a wrapper cannot remove an attribute its child draws. The same words and <time dateTime>, without itemProp, and without Translate's descriptions (only write-translations reads them; the theme's files describe these ids).
import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDateTimeFormat} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/LastUpdated';

function LastUpdatedAtDate({lastUpdatedAt}: {lastUpdatedAt: number}): ReactNode {
  const atDate = new Date(lastUpdatedAt);
  const dateTimeFormat = useDateTimeFormat({day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});
  return (
    <Translate
      id="theme.lastUpdated.atDate"
      values={{
        date: (
          <b>
            <time dateTime={atDate.toISOString()}>{dateTimeFormat.format(atDate)}</time>
          </b>
        ),
      }}>
      {' on {date}'}
    </Translate>
  );
}

function LastUpdatedByUser({lastUpdatedBy}: {lastUpdatedBy: string}): ReactNode {
  return (
    <Translate id="theme.lastUpdated.byUser" values={{user: <b>{lastUpdatedBy}</b>}}>
      {' by {user}'}
    </Translate>
  );
}

export default function LastUpdated({lastUpdatedAt, lastUpdatedBy}: Props): ReactNode {
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        values={{
          atDate: lastUpdatedAt ? <LastUpdatedAtDate lastUpdatedAt={lastUpdatedAt} /> : '',
          byUser: lastUpdatedBy ? <LastUpdatedByUser lastUpdatedBy={lastUpdatedBy} /> : '',
        }}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
      {process.env.NODE_ENV === 'development' && (
        <div>
          <small> (Simulated during dev for better perf)</small>
        </div>
      )}
    </span>
  );
}

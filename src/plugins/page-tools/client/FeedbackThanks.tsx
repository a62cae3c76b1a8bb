/**
 * What "Was this page helpful?" (./PageFeedback.tsx) shows once answered,
 * loaded then: every doc page carries the question, not this.
 */
import React, {type ReactNode} from 'react';
import {docsFeedbackUrl} from '@site/src/config/support';

export interface FeedbackThanksProps {
  repository: string;
  pageTitle: string;
  pageUrl: string;
  answer: 'Yes' | 'No';
}

export default function FeedbackThanks({repository, pageTitle, pageUrl, answer}: FeedbackThanksProps): ReactNode {
  return (
    <p role="status" className="ld-feedback__thanks">
      Thank you. {/* eslint-disable-next-line @docusaurus/no-html-links -- GitHub, in a new tab */}
      <a href={docsFeedbackUrl(repository, pageTitle, pageUrl, answer)} target="_blank" rel="noopener noreferrer">
        {answer === 'Yes' ? 'Tell us what helped' : 'Tell us what was missing or wrong'}
      </a>{' '}
      in a short form on GitHub (opens in a new tab).
    </p>
  );
}

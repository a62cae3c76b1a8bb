/**
 * "Was this page helpful?" at the end of every doc page. No request goes
 * anywhere: an answer only offers a link to the repository's docs-feedback
 * issue form, pre-filled with the page's title, its address and the answer.
 */
import React, {useState, type ReactNode} from 'react';
import {docsFeedbackUrl} from '@site/src/config/support';

interface Props {
  repository: string;
  pageTitle: string;
  pageUrl: string;
}

export default function PageFeedback({repository, pageTitle, pageUrl}: Props): ReactNode {
  const [answer, setAnswer] = useState<'Yes' | 'No' | null>(null);
  return (
    <section className="ld-feedback" aria-labelledby="ld-feedback-title">
      <h2 id="ld-feedback-title" className="ld-feedback__title">
        Was this page helpful?
      </h2>
      {answer === null ? (
        <div className="ld-feedback__answers">
          {(['Yes', 'No'] as const).map((value) => (
            <button key={value} type="button" className="ld-feedback__button" onClick={() => setAnswer(value)}>
              {value}
            </button>
          ))}
        </div>
      ) : (
        <p role="status" className="ld-feedback__thanks">
          Thank you.{' '}
          <a href={docsFeedbackUrl(repository, pageTitle, pageUrl, answer)} target="_blank" rel="noopener noreferrer">
            {answer === 'Yes' ? 'Tell us what helped' : 'Tell us what was missing or wrong'}
          </a>{' '}
          in a short form on GitHub (opens in a new tab).
        </p>
      )}
    </section>
  );
}

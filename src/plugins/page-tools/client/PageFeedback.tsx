/**
 * "Was this page helpful?" at the end of every doc page. No request goes
 * anywhere: an answer only offers a link to the repository's docs-feedback
 * issue form, pre-filled with the page's title, its address and the answer
 * (./FeedbackThanks.tsx, loaded with the answer: every page carries the
 * question only).
 */
import React, {useState, type ComponentType, type ReactNode} from 'react';
import type {FeedbackThanksProps} from './FeedbackThanks';

type Props = Omit<FeedbackThanksProps, 'answer'>;

export default function PageFeedback(props: Props): ReactNode {
  const [thanks, setThanks] = useState<{Thanks: ComponentType<FeedbackThanksProps>; answer: 'Yes' | 'No'}>();
  return (
    <section className="ld-feedback" aria-labelledby="ld-feedback-title">
      <h2 id="ld-feedback-title" className="ld-feedback__title">
        Was this page helpful?
      </h2>
      {thanks ? (
        <thanks.Thanks {...props} answer={thanks.answer} />
      ) : (
        <div className="ld-feedback__answers">
          {(['Yes', 'No'] as const).map((answer) => (
            <button
              key={answer}
              type="button"
              className="ld-feedback__button"
              onClick={() => void import('./FeedbackThanks').then((m) => setThanks({Thanks: m.default, answer}))}>
              {answer}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

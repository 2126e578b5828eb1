import {useId, useState, type ReactNode} from 'react';
import IconExternalLink from '@theme/Icon/ExternalLink';
import {brand, docsRepo} from '@site/src/constants/brand';
import styles from './styles.module.css';

interface Props {
  /** The page's title, named in the issue's title. */
  title: string;
  /** The page's path on the site (its permalink), made a full URL in the issue's body. */
  permalink: string;
}

type Answer = 'yes' | 'no';

/** GitHub's new-issue form on the docs repo, prefilled with the page's title and URL. */
function issueUrl(title: string, pageUrl: string): string {
  const issueTitle = `Docs feedback: ${title}`;
  const body = `Page: ${pageUrl}\n\nWhat was missing, wrong or unclear?\n`;
  return `${docsRepo.newIssueUrl}?title=${encodeURIComponent(issueTitle)}&body=${encodeURIComponent(body)}`;
}

/**
 * "Was this page helpful?" under a doc. It sends nothing and stores nothing:
 * "Yes" only thanks the reader; "No" opens a prefilled issue on GitHub in a new
 * tab, where the reader decides what, if anything, to submit.
 */
export default function PageFeedback({title, permalink}: Props): ReactNode {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const questionId = useId();
  const url = issueUrl(title, `${brand.siteUrl}${permalink}`);

  const answerNo = () => {
    // noreferrer: GitHub gets the page URL from the issue body, never a Referer header.
    window.open(url, '_blank', 'noopener,noreferrer');
    setAnswer('no');
  };

  const buttonClass = 'button button--sm button--outline button--secondary';
  return (
    <div className={`doc-feedback ${styles.feedback}`} role="group" aria-labelledby={questionId}>
      <p id={questionId} className={styles.question}>
        Was this page helpful?
      </p>
      <button type="button" className={buttonClass} onClick={() => setAnswer('yes')}>
        Yes
      </button>
      <button type="button" className={buttonClass} onClick={answerNo}>
        No <IconExternalLink />
      </button>
      {/* Always rendered, so screen readers announce the thank-you when it appears. */}
      <p role="status" className={styles.status}>
        {answer === 'yes' && 'Thank you for your feedback.'}
        {answer === 'no' && (
          <>
            Thank you. Tell us what to fix in the GitHub issue that opened in a new tab (
            {/* eslint-disable-next-line @docusaurus/no-html-links -- the prefilled issue on GitHub, not a page of this site */}
            <a href={url} target="_blank" rel="noopener noreferrer">
              open it again
            </a>
            ).
          </>
        )}
      </p>
    </div>
  );
}

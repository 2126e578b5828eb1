import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {docsRepo, routes} from '@site/src/constants/brand';
import styles from './styles.module.css';

interface Props {
  /** Shown as the heading of the link list. */
  title: string;
  /** Adds a link to open an issue on the docs repository. */
  showReportLink?: boolean;
}

const docLinks = [
  {label: 'Welcome', to: routes.welcome},
  {label: 'Payments overview', to: routes.paymentsOverview},
  {label: 'Quickstart', to: routes.quickstart},
  {label: 'Webhook guide', to: routes.webhookGuide},
  {label: 'Home page', to: routes.home},
] as const;

/** Ways back into the docs, shown on the not-found and crash screens. */
export default function RecoveryLinks({title, showReportLink = false}: Props): ReactNode {
  return (
    <nav className={`container ${styles.recovery}`} aria-labelledby="recovery-links-title">
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h2" id="recovery-links-title" className={styles.title}>
            {title}
          </Heading>
          <ul>
            {docLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            {showReportLink && (
              <li>
                <Link href={docsRepo.newIssueUrl}>Report this problem on GitHub</Link>
              </li>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}

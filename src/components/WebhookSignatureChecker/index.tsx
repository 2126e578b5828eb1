import type {ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import LoadOnApproach, {loadOnApproach} from '@site/src/internal/LoadOnApproach';
import ToolPlaceholder from '@site/src/internal/LoadOnApproach/ToolPlaceholder';
import {privacy, title} from './text';
import styles from './styles.module.css';

// The checker and the verification code it imports stay out of the page's first-load JS.
const loader = loadOnApproach(() => import('./SignatureChecker'));
// The built HTML holds the whole tool: the server renders this page once its code is here.
if (!ExecutionEnvironment.canUseDOM) await loader.loaded;

/** The signature checker, its code loaded as the reader nears it. */
export default function WebhookSignatureChecker(): ReactNode {
  return (
    <LoadOnApproach
      loader={loader}
      fallback={<ToolPlaceholder title={title} privacy={privacy} reserve={styles.reserved} />}
    />
  );
}

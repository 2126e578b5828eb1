import type {ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import LoadOnApproach, {loadOnApproach} from '@site/src/internal/LoadOnApproach';
import {loadPrism} from '@site/plugins/code-blocks/client';
import ToolPlaceholder from '@site/src/internal/LoadOnApproach/ToolPlaceholder';
import {privacy, title} from './text';
import styles from './styles.module.css';

// The generator, the signing code and the event samples stay out of the page's first-load JS.
// Prism comes with them: the generator shows its signed event as highlighted code.
const loader = loadOnApproach(() =>
  Promise.all([import('./EventGenerator'), loadPrism()]).then(([generator]) => generator),
);
// The built HTML holds the whole tool: the server renders this page once its code is here.
if (!ExecutionEnvironment.canUseDOM) await loader.loaded;

/** The signed test-event generator, its code loaded as the reader nears it. */
export default function WebhookEventGenerator(): ReactNode {
  return (
    <LoadOnApproach
      loader={loader}
      fallback={<ToolPlaceholder title={title} privacy={privacy} reserve={styles.reserved} />}
    />
  );
}

import {useState, useSyncExternalStore} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const subscribeToNothing = () => () => {};
const notHydrating = () => false;
const hydratingServerHtml = () => true;

/**
 * Whether this component came with the server's HTML and is being hydrated,
 * decided once, when it mounts: a code block (plugins/code-blocks/theme/CodeBlock) or a
 * last-updated date (src/theme/LastUpdated) that did keeps the server's DOM for good.
 * React reads the server snapshot only while it hydrates server HTML: not in a
 * client render, not even the one it falls back to when hydration fails (then
 * there is no server DOM to keep).
 */
export function useServerRendered(): boolean {
  const hydrating = useSyncExternalStore(subscribeToNothing, notHydrating, hydratingServerHtml);
  const [serverRendered] = useState(() => ExecutionEnvironment.canUseDOM && hydrating);
  return serverRendered;
}

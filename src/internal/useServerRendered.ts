import {useState, useSyncExternalStore} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const subscribeToNothing = () => () => {};

/** The mounts (each component's own object) React hydrated from the server's HTML. */
const hydratedMounts = new WeakSet<object>();

/**
 * Whether this component came with the server's HTML and is being hydrated,
 * decided once, when it mounts: a code block (plugins/code-blocks/theme/CodeBlock) or a
 * last-updated date (src/theme/LastUpdated) that did keeps the server's DOM for good.
 * React reads the server snapshot only while it hydrates server HTML: not in a
 * client render, not even the one it falls back to when hydration fails (then
 * there is no server DOM to keep, and the component mounts afresh).
 *
 * Reading it marks this mount as hydrated, and the client snapshot is that mark,
 * so both snapshots agree once hydration has committed. Where they differ, React
 * renders every such component again, synchronously, right after hydration: all
 * of a long guide's code blocks (with the colour mode change of the theme-common
 * patch, 41–114 ms of synchronous rendering at 4× CPU on the three longest pages,
 * bench/function-profile-report.md).
 */
export function useServerRendered(): boolean {
  const [mount] = useState(() => ({}));
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => hydratedMounts.has(mount),
    () => {
      hydratedMounts.add(mount);
      return true;
    },
  );
  return ExecutionEnvironment.canUseDOM && hydrated;
}

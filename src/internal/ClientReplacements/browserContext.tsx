// In the browser's bundle, this module takes the place of `@docusaurus/core`'s
// `client/browserContext.js` (./plugin.ts). The same context and provider,
// with one change: the switch to "in the browser" after hydration is a
// transition, which React renders in slices of a few milliseconds, not in one
// task. Every component that renders differently in the browser (code-block
// buttons, the colour-mode toggle, `<html data-has-hydrated>`) renders again
// then.
import {createContext, startTransition, useEffect, useState, type ReactNode} from 'react';

export const Context = createContext(false);

export function BrowserContextProvider({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => startTransition(() => setIsBrowser(true)), []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}

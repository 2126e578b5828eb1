import {createContext, useContext, type ReactNode} from 'react';

const NeedsMainLandmark = createContext(false);

/** For pages whose content (from a plugin) brings no <main> of its own. */
export function MainLandmarkProvider({children}: {children: ReactNode}): ReactNode {
  return <NeedsMainLandmark.Provider value>{children}</NeedsMainLandmark.Provider>;
}

/** Wraps `children` in <main> when a {@link MainLandmarkProvider} asked for it. */
export default function MainLandmark({children}: {children: ReactNode}): ReactNode {
  return useContext(NeedsMainLandmark) ? <main>{children}</main> : children;
}

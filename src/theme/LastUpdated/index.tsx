import type {ReactNode} from 'react';
import LastUpdated from '@theme-original/LastUpdated';
import type LastUpdatedType from '@theme/LastUpdated';
import type {WrapperProps} from '@docusaurus/types';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useServerRendered} from '@site/src/internal/useServerRendered';

type Props = WrapperProps<typeof LastUpdatedType>;

/** Hydration keeps the server's sentence: React leaves an element with this inner HTML untouched. */
const keptServerHtml = {__html: ''};

/**
 * The stock "Last updated on …" line. Hydrating it formats the date again with
 * `Intl.DateTimeFormat`, whose first use loads the browser's date-formatting
 * data: about 25 ms of a doc page's hydration task at a phone's speed, for
 * text the server wrote already. A page's line is kept as the server rendered
 * it; a line rendered in the browser (a client-side navigation) is upstream's.
 */
export default function LastUpdatedWrapper(props: Props): ReactNode {
  const serverRendered = useServerRendered();
  if (serverRendered) {
    return (
      <span
        className={ThemeClassNames.common.lastUpdated}
        dangerouslySetInnerHTML={keptServerHtml}
        suppressHydrationWarning
      />
    );
  }
  return <LastUpdated {...props} />;
}

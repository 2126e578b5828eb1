import {useEffect, type ReactNode} from 'react';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof AnnouncementBarType>;

// Set before hydration by the theme's inline script when an earlier bar was
// dismissed; its CSS hides the bar while the attribute says "true".
const initiallyDismissedAttribute = 'data-announcement-bar-initially-dismissed';

/**
 * Shows a bar with a new id at once. Without this, a reader who dismissed an
 * earlier bar would not see the new one until their next full page load.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute(initiallyDismissedAttribute, 'false');
    }
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}

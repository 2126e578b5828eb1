import type {ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import {MainLandmarkProvider} from '@site/src/components/MainLandmark';

/** The plugin's results page has no <main>; ask our Layout wrapper for one. */
export default function SearchPageWrapper(): ReactNode {
  return (
    <MainLandmarkProvider>
      <SearchPage />
    </MainLandmarkProvider>
  );
}

import type {ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {MainLandmarkProvider} from '@site/src/internal/MainLandmark';

const description =
  'Search every Coinwharf Docs page, API changelog entry and glossary term, in your browser, with no query sent anywhere.';

/**
 * The plugin's page title lacks the site's suffix and its page has no
 * description; this metadata comes after the plugin's, so it wins.
 */
function SearchPageMetadata(): ReactNode {
  const query = new URLSearchParams(useLocation().search).get('q');
  return (
    <PageMetadata
      title={query ? `Search results for "${query}"` : 'Search the documentation'}
      description={description}
    />
  );
}

/** The plugin's results page has no <main>; ask our Layout wrapper for one. */
export default function SearchPageWrapper(): ReactNode {
  return (
    <MainLandmarkProvider>
      <SearchPage />
      <SearchPageMetadata />
    </MainLandmarkProvider>
  );
}

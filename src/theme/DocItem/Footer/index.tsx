import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PageFeedback from '@site/src/internal/PageFeedback';

type Props = WrapperProps<typeof FooterType>;

/** "Was this page helpful?" above every doc's edit link and last-updated date. */
export default function FooterWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <PageFeedback title={metadata.title} permalink={metadata.permalink} />
      <Footer {...props} />
    </>
  );
}

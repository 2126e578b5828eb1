import type {ReactNode} from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import Head from '@docusaurus/Head';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@theme/CopyPage';
import {twinPath} from '../../../format';

type Props = WrapperProps<typeof ContentType>;

/** Every doc names its Markdown twin in the page head and offers to copy it. */
export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const twin = twinPath(metadata.permalink);
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={twin} />
      </Head>
      <CopyPage twinUrl={twin} />
      <Content {...props} />
    </>
  );
}

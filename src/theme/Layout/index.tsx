import type {ReactNode} from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import MainLandmark from '@site/src/internal/MainLandmark';
import {socialCardPath, socialCardSize} from '@site/plugins/social-cards/socialCard';

type Props = WrapperProps<typeof LayoutType>;

/** The page's social card (drawn at build time by plugins/social-cards) for og: and twitter: previews. */
function SocialCard(): ReactNode {
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  const image = `${siteConfig.url}${socialCardPath(pathname)}`;
  return (
    <Head>
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(socialCardSize.width)} />
      <meta property="og:image:height" content={String(socialCardSize.height)} />
      <meta name="twitter:image" content={image} />
    </Head>
  );
}

export default function LayoutWrapper({children, ...props}: Props): ReactNode {
  return (
    <Layout {...props}>
      <SocialCard />
      <MainLandmark>{children}</MainLandmark>
    </Layout>
  );
}

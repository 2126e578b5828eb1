import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomeFeatures from '@site/src/components/HomeFeatures';
import {brand, routes} from '@site/src/constants/brand';
import styles from './index.module.css';

function HomeHero(): ReactNode {
  return (
    <header className={`hero hero--primary ${styles.hero}`}>
      <div className="container">
        <Heading as="h1" className="hero__title">
          {brand.siteTitle}
        </Heading>
        <p className="hero__subtitle">{brand.tagline}</p>
        <div className={styles.actions}>
          <Link className="button button--secondary button--lg" to={routes.welcome}>
            Read the docs
          </Link>
          <Link className="button button--outline button--lg" to={routes.quickstart}>
            Start the quickstart
          </Link>
        </div>
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title="Crypto payments API documentation"
      description="Coinwharf developer docs: accept crypto payments priced in fiat, verify signed webhooks and settle on the network your customer picks.">
      <HomeHero />
      <main>
        <HomeFeatures />
      </main>
    </Layout>
  );
}

import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HomeFeatures from './_components/HomeFeatures';
import {brand, homePage, routes} from '@site/src/constants/brand';
import styles from './index.module.css';

function HomeHero(): ReactNode {
  return (
    <section className={clsx('hero hero--primary', styles.hero)} aria-labelledby="home-title">
      <div className="container">
        <Heading as="h1" id="home-title" className="hero__title">
          {brand.siteTitle}
        </Heading>
        <p className="hero__subtitle">{brand.tagline}</p>
        <div className={styles.actions}>
          <Link className="button button--secondary button--lg" to={routes.welcome}>
            Read the docs
          </Link>
          <Link className={clsx('button button--outline button--lg', styles.outlineOnHero)} to={routes.quickstart}>
            Start the quickstart
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout title={homePage.title} description={homePage.description}>
      <main>
        <HomeHero />
        <HomeFeatures />
      </main>
    </Layout>
  );
}

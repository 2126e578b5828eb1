import type {ReactNode} from 'react';
import clsx from 'clsx';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import HomeFeatures from './_components/HomeFeatures';
import {brand, homePage, routes} from '@site/src/constants/brand';
import styles from './index.module.css';

function HomeHero(): ReactNode {
  return (
    <section className={clsx('hero hero--primary', styles.hero)} aria-labelledby="home-title">
      <div className="container">
        {/* Heading drops an h1's id (it has no anchor), and the section is named by it. */}
        {/* eslint-disable-next-line @docusaurus/prefer-docusaurus-heading */}
        <h1 id="home-title" className="hero__title">
          {brand.siteTitle}
        </h1>
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
      <Head>
        {/* The first frame waits for the whole hero: drawn while the HTML stopped after its first
            button, that button sat centred alone and moved left when the second came, a layout
            shift (tests/e2e/streamed-html.spec.ts). */}
        <link rel="expect" href="#home-features-title" blocking="render" />
      </Head>
      <main>
        <HomeHero />
        <HomeFeatures />
      </main>
    </Layout>
  );
}

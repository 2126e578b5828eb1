import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {routes} from '@site/src/constants/brand';
import styles from './styles.module.css';

interface Feature {
  title: string;
  description: string;
  to: string;
  linkLabel: string;
}

const features: readonly Feature[] = [
  {
    title: 'Price in fiat, get paid in crypto',
    description:
      'Create a payment for 25.00 USD and let your customer pay in BTC, ETH, SOL, USDC or USDT on the network they choose, at a quote locked for the checkout.',
    to: routes.paymentsOverview,
    linkLabel: 'How a payment works',
  },
  {
    title: 'A paid sandbox payment in ten minutes',
    description:
      'Use a cw_test_ key, create a payment with an idempotency key, simulate the on-chain transfer and watch the webhook arrive on your laptop.',
    to: routes.quickstart,
    linkLabel: 'Start the quickstart',
  },
  {
    title: 'Webhooks you can trust',
    description:
      'Every event is signed with Standard Webhooks v1. Verify the signature, deduplicate by event id and fulfil the order exactly once.',
    to: routes.webhookGuide,
    linkLabel: 'Read the webhook guide',
  },
];

function FeatureCard({title, description, to, linkLabel}: Feature): ReactNode {
  return (
    <div className={styles.card}>
      <Heading as="h3">{title}</Heading>
      <p>{description}</p>
      <Link to={to}>{linkLabel}</Link>
    </div>
  );
}

export default function HomeFeatures(): ReactNode {
  return (
    <section className={styles.features} aria-labelledby="home-features-title">
      <div className="container">
        <Heading as="h2" id="home-features-title" className={styles.sectionTitle}>
          What you can build
        </Heading>
        <div className={styles.grid}>
          {features.map((feature) => (
            <FeatureCard key={feature.to} {...feature} />
          ))}
        </div>
      </div>
    </section>
  );
}

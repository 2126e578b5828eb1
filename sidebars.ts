import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// One sidebar for every doc route (spec §2). The first doc is the version's
// main doc, which the navbar's docs link and the footer point to.
const sidebars = {
  tutorialSidebar: [
    'intro',
    {
      type: 'category',
      label: 'Payments',
      link: {type: 'doc', id: 'payments/index'},
      items: ['payments/quickstart', 'payments/webhook-guide', 'payments/refunds', 'payments/testing'],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;

import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {apiReferenceCategory} from './plugins/api-reference/sidebar';

// One sidebar for every doc route (spec §2). The first doc is the version's
// main doc, which the navbar's docs link and the footer point to.
const sidebars = {
  tutorialSidebar: [
    'intro',
    {
      type: 'category',
      label: 'Payments',
      link: {type: 'doc', id: 'payments/index'},
      items: [
        'payments/quickstart',
        'payments/webhook-guide',
        'payments/refunds',
        'payments/fees-and-settlement',
        'payments/testing',
        'payments/going-live',
      ],
    },
    // Generated from api/openapi.yaml: the introduction, a page per tag, the objects.
    apiReferenceCategory(__dirname),
  ],
} satisfies SidebarsConfig;

export default sidebars;

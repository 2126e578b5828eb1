import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import RecoveryLinks from '@site/src/internal/RecoveryLinks';

type Props = WrapperProps<typeof ContentType>;

const notFoundDescription =
  'There is no Coinwharf Docs page at this address. Start again from the welcome page, the payments quickstart or the webhook guide.';

export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      {/* The stock NotFound page sets its title outside Layout, where the
          Layout's own site metadata overrides it; set it again from inside. */}
      <PageMetadata
        title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})}
        description={notFoundDescription}
      />
      <Content {...props} />
      <RecoveryLinks title="Try one of these pages" />
    </>
  );
}

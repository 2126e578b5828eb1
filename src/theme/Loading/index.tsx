import type {ReactNode} from 'react';
import Loading from '@theme-original/Loading';
import type LoadingType from '@theme/Loading';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof LoadingType>;

/** Announces the route loader's red "Retry" box to assistive technology. */
export default function LoadingWrapper(props: Props): ReactNode {
  if (props.error) {
    return (
      <div role="alert">
        <Loading {...props} />
      </div>
    );
  }
  return <Loading {...props} />;
}

// Mounts the route loader's error state (our Loading wrapper around the core
// fallback) on its own, as react-loadable renders it when a route chunk fails.
import {createRoot} from 'react-dom/client';
import Loading from '@theme/Loading';

const harness = window as unknown as {retries: number};
harness.retries = 0;

const props = {
  error: new Error('Loading chunk 512 failed.'),
  retry: () => {
    harness.retries += 1;
  },
  pastDelay: true,
  timedOut: false,
  isLoading: false,
};

createRoot(document.getElementById('root')!).render(<Loading {...props} />);

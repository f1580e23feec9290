import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest ships with the page (it is small), so idle prefetching knows every route module.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;

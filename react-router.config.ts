import type { Config } from '@react-router/dev/config'

/**
 * React Router's framework mode (docs/decisions/0064): server rendering, the route map in
 * app/routes.ts, the build in build/client and build/server as server.ts serves them.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config

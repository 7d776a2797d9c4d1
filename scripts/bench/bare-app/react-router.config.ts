import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Config } from '@react-router/dev/config'

const here = path.dirname(fileURLToPath(import.meta.url))

export default {
  appDirectory: 'app',
  // The bench passes a folder of its own (BARE_APP_BUILD).
  buildDirectory: process.env.BARE_APP_BUILD ?? path.join(here, 'build'),
  ssr: true,
} satisfies Config

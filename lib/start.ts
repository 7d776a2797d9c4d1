import type { Logger } from 'pino'
import { ConfigError, loadConfig, type Config } from './env.ts'

/** Loads the configuration or stops the process with one clear line. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n')
      process.exit(1)
    }
    throw error
  }
}

/**
 * Says at start which demo parts the process runs (Config.demo; docs/decisions/0061), at warn
 * on a production process: expected of the one-machine demo, a choice to check anywhere else.
 */
export function logDemoParts(config: Config, logger: Logger): void {
  if (config.demo.length === 0) return
  const line = { demo: config.demo }
  const message = `demo parts on: ${config.demo.join(', ')} (docs/configuration.md, What production requires)`
  if (config.production) logger.warn(line, message)
  else logger.info(line, message)
}

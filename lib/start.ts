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

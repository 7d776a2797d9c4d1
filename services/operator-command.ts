/**
 * The operator commands' command line (README, Commands; docs/operations.md, Operator commands):
 * `seed`, `import:coverage`, `import:stores`, `jobs` and `keys:rotate`. Each is bundled into
 * build/process/ (scripts/build-process.ts) and runs with plain `node`, so it runs in the pruned
 * production image too (`deploy/process.sh COMMAND`).
 *
 * Every command answers `--help` (its usage and what it does, on stdout, exit 0). A wrong call
 * (an unknown option, a missing or extra file) prints what is wrong and the usage on stderr and
 * exits 2, before any database is opened. Options are flags; parsing is Node's own
 * (`util.parseArgs`).
 */
import fs from 'node:fs'
import { parseArgs } from 'node:util'

export type OperatorCommand<Flag extends string> = {
  /** The command's name as `npm run` and deploy/process.sh know it: 'import:coverage'. */
  name: string
  /** What follows the name in the usage line: 'FILE [--replace|--merge] [--dry-run]'. */
  synopsis: string
  /** What it does, for --help: a few lines. */
  about: string
  /** Its flags and what each does. */
  flags: Record<Flag, string>
  /** Whether it takes one file. */
  file: boolean
}

export type CommandLine<Flag extends string> = { flags: Record<Flag, boolean>; file?: string }

export function usageOf(command: OperatorCommand<string>): string {
  const synopsis = command.synopsis ? ` ${command.synopsis}` : ''
  return (
    `usage: npm run ${command.name}${synopsis ? ` --${synopsis}` : ''}\n` +
    `   or: deploy/process.sh ${command.name}${synopsis}   (in the production image)`
  )
}

export function helpOf(command: OperatorCommand<string>): string {
  const flags = Object.entries(command.flags).map(([flag, what]) => `  --${flag.padEnd(10)} ${what}`)
  return [usageOf(command), '', command.about, '', 'options:', ...flags, `  --${'help'.padEnd(10)} prints this`].join(
    '\n',
  )
}

/** The command line, 'help' for --help, or what is wrong with it (with the usage). */
export function parseCommandLine<Flag extends string>(
  command: OperatorCommand<Flag>,
  argv: string[],
): CommandLine<Flag> | 'help' | { error: string } {
  const names = Object.keys(command.flags) as Flag[]
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: Object.fromEntries([...names, 'help'].map((name) => [name, { type: 'boolean' as const }])),
    })
  } catch (error) {
    // Node's own words, e.g. "Unknown option '--replcae'. To specify a positional argument…"
    const message = (error as Error).message.split('. ')[0]!.replace(/^Unknown option/, 'unknown option')
    return { error: `${message}\n${usageOf(command)}` }
  }
  if (parsed.values.help) return 'help'
  const [first, ...more] = parsed.positionals
  const wrong = command.file
    ? first === undefined
      ? 'which FILE?'
      : more.length > 0 && `one FILE at a time, not ${parsed.positionals.length}`
    : first !== undefined && `unexpected argument '${first}'`
  if (wrong) return { error: `${wrong}\n${usageOf(command)}` }
  const flags = Object.fromEntries(names.map((name) => [name, parsed.values[name] === true])) as Record<Flag, boolean>
  return { flags, ...(command.file ? { file: parsed.positionals[0] } : {}) }
}

/** The command line, or the process ends: exit 0 after --help, exit 2 after a wrong call. */
export function commandLineOrExit<Flag extends string>(
  command: OperatorCommand<Flag>,
  argv: string[] = process.argv.slice(2),
): CommandLine<Flag> {
  const line = parseCommandLine(command, argv)
  if (line === 'help') {
    process.stdout.write(`${helpOf(command)}\n`)
    process.exit(0)
  }
  if ('error' in line) {
    process.stderr.write(`${line.error}\n`)
    process.exit(2)
  }
  return line
}

// ---- the import commands (import:coverage, import:stores) -------------------------------------

export type ImportMode = 'replace' | 'merge'

export const IMPORT_FLAGS = {
  replace: 'the file becomes the whole list: rows not in it go, the demo ones too',
  merge: 'add and update what the file names (the default)',
  'dry-run': 'check the file and count what it would change, against the database; write nothing',
} as const

export type ImportLine = { file: string; mode: ImportMode; dryRun: boolean; text: string }

/** An import command's file, mode and text; exits 2 on a wrong call or an unreadable file. */
export function importLineOrExit(command: OperatorCommand<keyof typeof IMPORT_FLAGS>): ImportLine {
  const line = commandLineOrExit(command)
  if (line.flags.replace && line.flags.merge) {
    process.stderr.write(`--replace or --merge, not both\n${usageOf(command)}\n`)
    process.exit(2)
  }
  const file = line.file!
  try {
    const text = fs.readFileSync(file, 'utf8')
    return { file, mode: line.flags.replace ? 'replace' : 'merge', dryRun: line.flags['dry-run'], text }
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${(error as Error).message}\n`)
    process.exit(2)
  }
}

/**
 * What the operator's import commands (`npm run import:coverage`, `npm run import:stores`) take:
 * one file and `--replace` or `--merge` (the default). A wrong call prints the usage and exits 2;
 * a file that cannot be read says why and exits 2.
 */
import fs from 'node:fs'

export type ImportMode = 'replace' | 'merge'

export function parseImportArguments(argv: string[], usage: string): { file: string; mode: ImportMode } | string {
  const flags = argv.filter((a) => a.startsWith('--'))
  const files = argv.filter((a) => !a.startsWith('--'))
  const unknown = flags.filter((f) => f !== '--replace' && f !== '--merge')
  if (unknown.length > 0) return `unknown option ${unknown[0]}\n${usage}`
  if (flags.includes('--replace') && flags.includes('--merge')) return `--replace or --merge, not both\n${usage}`
  if (files.length !== 1) return usage
  return { file: files[0]!, mode: flags.includes('--replace') ? 'replace' : 'merge' }
}

/** The command's file and mode, and the file's text; exits 2 on a wrong call or an unreadable file. */
export function readImportFileOrExit(usage: string): { file: string; mode: ImportMode; text: string } {
  const args = parseImportArguments(process.argv.slice(2), usage)
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`)
    process.exit(2)
  }
  try {
    return { ...args, text: fs.readFileSync(args.file, 'utf8') }
  } catch (error) {
    process.stderr.write(`cannot read ${args.file}: ${(error as Error).message}\n`)
    process.exit(2)
  }
}

/**
 * Issue 35, item 8: commit messages are a subject of at most 72 characters in the imperative,
 * then a blank line and the detail (docs/conventions.md, Commits). The commit-msg hook
 * (.githooks/commit-msg) runs commitlint with commitlint.config.mjs; `npm ci` points git at
 * .githooks/ through the prepare script (scripts/install-git-hooks.sh), which must never fail
 * an install: the image's build stage has neither .git nor the script when it runs `npm ci`.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { notImperative } from '../commitlint.config.mjs'

const root = path.resolve(import.meta.dirname, '..')
const HOOK = path.join(root, '.githooks/commit-msg')
const INSTALL = path.join(root, 'scripts/install-git-hooks.sh')
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-message-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

// Git as on a machine with no settings of its own, whatever repository or hook runs the tests.
const gitEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_'))),
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
}

async function run(file: string, args: string[], cwd: string, env = gitEnv) {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd, env })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

let messages = 0
/** Runs the hook on a message file, as git does: from the top of the work tree. */
async function check(message: string) {
  const file = path.join(scratch, `COMMIT_EDITMSG-${++messages}`)
  fs.writeFileSync(file, message)
  return run(HOOK, [file], root)
}

const BODY = '\n\nThe detail: what changed and why, wrapped at 72 columns.\n'

describe.concurrent('the commit-msg hook', () => {
  it('takes a subject in the imperative with a blank line before its body', async () => {
    expect(await check(`Check commit messages with a commit-msg hook${BODY}`)).toMatchObject({ code: 0 })
  })

  it('takes a subject of 72 characters, refuses one of 73', async () => {
    const subject = `Add ${'x'.repeat(68)}`
    expect(subject).toHaveLength(72)
    expect(await check(`${subject}${BODY}`)).toMatchObject({ code: 0 })
    const refused = await check(`${subject}x${BODY}`)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('[header-max-length]')
  })

  it('refuses a body that does not follow a blank line', async () => {
    const refused = await check('Add the hook\nThe detail, on the second line.\n')
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('[body-leading-blank]')
  })

  for (const subject of ['Added the hook', 'Adds the hook']) {
    it(`refuses a subject not in the imperative: "${subject}"`, async () => {
      const refused = await check(`${subject}${BODY}`)
      expect(refused.code).toBe(1)
      expect(refused.output).toContain('[subject-imperative]')
    })
  }

  it('refuses a subject ending with a full stop', async () => {
    const refused = await check(`Add the hook.${BODY}`)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('[subject-full-stop]')
  })

  it("strips git's comments and leaves merges alone", async () => {
    expect(await check(`Add the hook${BODY}# Please enter the commit message for your changes.\n`)).toMatchObject({
      code: 0,
    })
    expect(await check("Merge branch 'history'\n")).toMatchObject({ code: 0 })
  })

  it('only warns about a missing body', async () => {
    const warned = await check('Fix a typo in the README\n')
    expect(warned.code).toBe(0)
    expect(warned.output).toContain('[body-empty]')
  })
})

describe('the imperative rule', () => {
  it('refuses a first word in the past tense, an -ing form or a third-person verb', () => {
    for (const word of ['Added', 'Fixed', 'Updated', 'Moving', 'Adds', 'Fixes', 'Uses', 'Passes', 'Tidies']) {
      expect(notImperative(`${word} the thing`), word).not.toBeNull()
    }
  })

  it('takes imperatives, those ending in -ed or -ing among them, and subjects it cannot judge', () => {
    const subjects = [
      'Add',
      'fix',
      'Pass',
      'Address',
      'Embed',
      'Seed',
      'Speed up',
      'Bring back',
      'Decision 0067:',
      '0067',
    ]
    for (const subject of subjects) expect(notImperative(`${subject} the thing`), subject).toBeNull()
  })
})

describe('the install script (npm prepare)', () => {
  /** A copy of the project's files the script needs, in a new folder. */
  function project(where: string) {
    fs.mkdirSync(path.join(where, 'scripts'), { recursive: true })
    fs.copyFileSync(INSTALL, path.join(where, 'scripts/install-git-hooks.sh'))
    return where
  }
  const hooksPath = async (cwd: string) => (await run('git', ['config', '--get', 'core.hooksPath'], cwd)).output.trim()

  it('points git at .githooks/ at the top of a work tree, once', async () => {
    const repo = project(path.join(scratch, 'repo'))
    await run('git', ['init', '-q'], repo)
    const first = await run('bash', ['scripts/install-git-hooks.sh'], repo)
    expect(first).toMatchObject({ code: 0 })
    expect(first.output).toContain('.githooks')
    expect(await hooksPath(repo)).toBe('.githooks')
    expect(await run('bash', ['scripts/install-git-hooks.sh'], repo)).toEqual({ code: 0, output: '' })
  })

  it('does nothing and succeeds outside a git work tree, or without git', async () => {
    const alone = project(path.join(scratch, 'alone'))
    expect(await run('bash', ['scripts/install-git-hooks.sh'], alone)).toEqual({ code: 0, output: '' })
    expect(fs.existsSync(path.join(alone, '.git'))).toBe(false)

    const noGit = path.join(scratch, 'no-git-bin')
    fs.mkdirSync(noGit)
    fs.symlinkSync(fs.realpathSync('/usr/bin/dirname'), path.join(noGit, 'dirname'))
    const without = await run('/bin/bash', ['scripts/install-git-hooks.sh'], alone, { ...gitEnv, PATH: noGit })
    expect(without).toEqual({ code: 0, output: '' })
  })

  it('leaves alone a repository it is only a folder of', async () => {
    const outer = path.join(scratch, 'outer')
    fs.mkdirSync(outer)
    await run('git', ['init', '-q'], outer)
    const inner = project(path.join(outer, 'unpacked'))
    expect(await run('bash', ['scripts/install-git-hooks.sh'], inner)).toEqual({ code: 0, output: '' })
    expect(await hooksPath(outer)).toBe('')
  })

  it("succeeds as npm's prepare where only package.json is, as in the image's build stage", async () => {
    const stage = path.join(scratch, 'build-stage')
    fs.mkdirSync(stage)
    fs.copyFileSync(path.join(root, 'package.json'), path.join(stage, 'package.json'))
    const prepare = await run('npm', ['run', '--silent', 'prepare'], stage)
    expect(prepare).toMatchObject({ code: 0 })
  })

  it('makes git run the hook: a bad message is refused, a good one committed', async () => {
    const repo = project(path.join(scratch, 'committing'))
    fs.cpSync(path.join(root, '.githooks'), path.join(repo, '.githooks'), { recursive: true })
    fs.copyFileSync(path.join(root, 'commitlint.config.mjs'), path.join(repo, 'commitlint.config.mjs'))
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(repo, 'node_modules'))
    await run('git', ['init', '-q'], repo)
    expect(await run('bash', ['scripts/install-git-hooks.sh'], repo)).toMatchObject({ code: 0 })

    const refused = await run('git', ['commit', '-q', '--allow-empty', '-m', 'Added a hook'], repo)
    expect(refused.code).not.toBe(0)
    expect(refused.output).toContain('[subject-imperative]')
    const made = await run('git', ['commit', '-q', '--allow-empty', '-m', 'Add a hook', '-m', 'Why it is there.'], repo)
    expect(made).toMatchObject({ code: 0 })
    expect((await run('git', ['log', '--format=%s', '-1'], repo)).output.trim()).toBe('Add a hook')
  })
})

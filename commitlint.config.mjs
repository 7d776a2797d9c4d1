// Commit messages (issue 35, item 8; docs/conventions.md, Commits): a subject of at most 72
// characters in the imperative, then a blank line and the detail. .githooks/commit-msg runs
// commitlint with this file on every commit; scripts/commit-message.test.ts holds the rules.
// No conventional-commit `type:` prefix: the whole first line is the subject. Merges, reverts
// and fixup!/squash! commits are left alone (commitlint's default ignores).

// Verbs a subject often starts with, so their third-person form ("Adds", "Fixes", "Applies")
// is refused. Only verbs: a plural noun such as "Docs" or "Tests" is not caught here.
const VERBS = new Set(
  `add allow apply avoid bring build bump cache call catch change check clean clear close copy
  correct count create cut delete describe disable document drop enable ensure explain export
  extract fix format give guard handle hide implement import improve install introduce keep
  let lift limit load log lower make measure mend merge migrate move note open pass pin prevent
  print raise read record reduce refactor refuse reject remove rename reorder replace report
  require reset restore retry return revert reword rewrite run save say send serve set show
  simplify skip sort speed split start stop store support switch tidy trim turn update upgrade
  use validate verify wait write`.split(/\s+/),
)

// Imperatives that end in -ed or -ing all the same.
const ALLOWED = new Set(
  `bleed breed embed exceed feed heed need proceed reseed seed shed shred speed succeed weed
  bring cling fling ping ring sing sling spring sting string swing wring`.split(/\s+/),
)

/** Why the subject's first word is not an imperative, or null when it may be one. */
export function notImperative(subject) {
  const word = /^[A-Za-z]+/.exec(subject ?? '')?.[0]
  if (!word) return null
  const lower = word.toLowerCase()
  if (ALLOWED.has(lower)) return null
  if (lower.endsWith('ed') || lower.endsWith('ing')) return `"${word}" is a past tense or an -ing form`
  const stems = [lower.slice(0, -1), lower.slice(0, -2), `${lower.slice(0, -3)}y`]
  if (lower.endsWith('s') && stems.some((stem) => VERBS.has(stem))) return `"${word}" is a third-person form`
  return null
}

export default {
  parserPreset: { parserOpts: { headerPattern: /^(.*)$/, headerCorrespondence: ['subject'] } },
  plugins: [
    {
      rules: {
        'subject-imperative': ({ subject }) => {
          const why = notImperative(subject)
          return [!why, `start the subject with a verb in the imperative (Add, Fix, Move): ${why}`]
        },
      },
    },
  ],
  rules: {
    'header-max-length': [2, 'always', 72],
    'subject-empty': [2, 'never'],
    'subject-full-stop': [2, 'never', '.'],
    'subject-imperative': [2, 'always'],
    'body-leading-blank': [2, 'always'],
    // The detail belongs in a body, but a one-line change may say all in its subject: a warning.
    'body-empty': [1, 'never'],
  },
  helpUrl: 'docs/conventions.md, Commits',
}

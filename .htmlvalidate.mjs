/**
 * html-validate's recommended rules for every page the e2e suite visits
 * (tests/e2e/support/test.ts), offline. Relaxed only where the portal writes valid HTML in
 * a style of its own; where one style holds everywhere, the rule stays on, set to it:
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React closes void elements the XML way (`<meta/>`); the hand-written pages (the
    // maintenance page, the provider's pages) write `<meta>` and `<!doctype html>`. All
    // of it is valid HTML: spelling, not structure.
    'void-style': 'off',
    'doctype-style': 'off',
    // React writes some attribute names as their DOM property (`charSet`, `autoComplete`,
    // `inputMode`, SVG's `viewBox`); HTML attribute names are case-insensitive.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes a boolean attribute as `required=""`: valid HTML.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // The portal names lists and mail articles with aria-label for assistive technology
    // (and the journeys find them by that name); ARIA lets any element whose role takes
    // a name from its author have one.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // React's useId writes ids such as `:R1a:` (to tie a dialog to its title): HTML5 asks
    // only that an id be non-empty and hold no whitespace, which `relaxed` still checks.
    'valid-id': ['error', { relaxed: true }],
    // A GET form of checkboxes sharing one name (/plans/compare?codes=a&codes=b) is how
    // HTML sends a list; a name shared by other kinds of control is still an error.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  },
}

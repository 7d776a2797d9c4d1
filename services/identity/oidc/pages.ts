/**
 * The few pages the provider itself answers with (its errors, the sign-out question and
 * the signed-out note), plain HTML: no web fonts from third parties, styles and script
 * under the request's CSP nonce.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char]!)

type Page = { productName: string; nonce: string }

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;text-align:center}' +
  'main{max-width:28rem;padding:2rem}strong.brand{display:block;font-size:1.5rem;color:#c2410c;margin-bottom:1.5rem}' +
  'h1{font-size:1.5rem;margin:0 0 1rem}a,button{display:inline-block;margin:.5rem;padding:.6rem 1.25rem;border-radius:999px;border:1px solid #c2410c;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}' +
  '.primary{background:#c2410c;color:#fff}.secondary{background:#fff;color:#9a3412}'

function layout({ productName, nonce }: Page, title: string, body: string, script = '') {
  const name = escape(productName)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escape(title)} | ${name}</title><style nonce="${escape(nonce)}">${STYLE}</style></head><body><main><strong class="brand">${name}</strong>${body}</main>${script ? `<script nonce="${escape(nonce)}">${script}</script>` : ''}</body></html>`
}

export function errorPage(page: Page & { home: string; description?: string }) {
  return layout(
    page,
    'Sign-in problem',
    `<h1>We could not complete your sign-in.</h1><p>${escape(page.description ?? 'Please try again.')}</p><a class="primary" href="${escape(page.home)}">Go to home</a>`,
  )
}

/** `form` is the library's hidden form (id op.logoutForm) carrying its xsrf token. */
export function logoutPage(page: Page & { form: string; confirmed: boolean }) {
  return layout(
    page,
    'Log out',
    `<h1>Do you want to log out?</h1>${page.form}<button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, log me out</button><button class="secondary" type="submit" form="op.logoutForm">No, stay logged in</button>`,
    // Without JavaScript the question stays and one click answers it.
    page.confirmed
      ? `var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit()`
      : '',
  )
}

export function signedOutPage(page: Page & { home: string }) {
  return layout(
    page,
    'Logged out',
    `<h1>You are logged out.</h1><a class="primary" href="${escape(page.home)}">Go to home</a>`,
  )
}

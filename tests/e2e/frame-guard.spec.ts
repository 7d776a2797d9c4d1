import { expect, test } from './support/test'
import { PORTAL_URL } from './support/servers'

// docs/security.md, Headers: frame-ancestors 'none' and X-Frame-Options keep the portal out of other sites' frames.
test('another site cannot show the portal inside a frame', async ({ page }) => {
  const portalAnswered = page.waitForResponse(`${PORTAL_URL}/`)
  await page.setContent(`<iframe src="${PORTAL_URL}/" title="Framed portal" width="800" height="600"></iframe>`)
  // The portal did answer: what follows is the browser refusing to show it, not a dead server.
  expect((await portalAnswered).status()).toBe(200)

  // Chromium replaces a refused frame with its own error page.
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame.parentFrame() !== null)
        ?.url(),
    )
    .toMatch(/^chrome-error:/)
  await expect(page.frameLocator('iframe[title="Framed portal"]').getByRole('link', { name: 'PLANS' })).toHaveCount(0)
})

/**
 * The provider's side of the portal's login screen, bound to one request: the portal
 * route reads the pending sign-in and submits credentials through this, never touching
 * the provider or the directory itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import type { IdentityInteraction, PendingSignIn } from '../../../lib/identity-interaction.ts'
import type { IdentityDirectory } from './directory-contract.ts'

type Details = Awaited<ReturnType<Provider['interactionDetails']>>

export function interactionFor(
  provider: Provider,
  directory: IdentityDirectory,
  req: IncomingMessage,
  res: ServerResponse,
): IdentityInteraction {
  // The interaction cookie names the pending sign-in; the uid in the URL must agree, so
  // an old tab or a pasted link cannot complete another sign-in.
  async function details(uid: string): Promise<Details | null> {
    try {
      const found = await provider.interactionDetails(req, res)
      return found.uid === uid ? found : null
    } catch (error) {
      if (error instanceof Error && error.name === 'SessionNotFound') return null
      throw error
    }
  }

  const finish = (result: Parameters<Provider['interactionResult']>[2]) =>
    provider.interactionResult(req, res, result, { mergeWithLastSubmission: false })

  return {
    async pending(uid) {
      const found = await details(uid)
      if (!found) return null
      const prompt: PendingSignIn['prompt'] = found.prompt.name === 'consent' ? 'consent' : 'login'
      const hint = found.params.login_hint
      return { uid, prompt, loginHint: typeof hint === 'string' ? hint : null }
    },

    async signIn(uid, { email, password, deviceTokens }) {
      const found = await details(uid)
      if (!found || found.prompt.name !== 'login') return null
      const check = await directory.verifyCredentials(email, password, { deviceTokens })
      if (!check.ok) return check
      const redirectTo = await finish({ login: { accountId: check.user.id } })
      return { ok: true, redirectTo, ...(check.deviceToken ? { deviceToken: check.deviceToken } : {}) }
    },

    async consent(uid) {
      const found = await details(uid)
      if (!found || found.prompt.name !== 'consent' || !found.session?.accountId) return null
      const clientId = String(found.params.client_id)
      const grant =
        (found.grantId ? await provider.Grant.find(found.grantId) : undefined) ??
        new provider.Grant({ clientId, accountId: found.session.accountId })
      const missing = found.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      const grantId = await grant.save()
      return finish({ consent: { grantId } })
    },
  }
}

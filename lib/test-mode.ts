/**
 * Fail closed outside the demo (issue 32, item 3; docs/decisions/0061): while payments are
 * simulated (the embedded sandbox gateway, Config.paymentsSandbox), every payment page and the
 * sandbox's own pages say so in these words. Shared by the portal and the sandbox, so the two
 * never drift apart.
 */
export const TEST_MODE_NOTICE = 'Test mode: no real money moves'

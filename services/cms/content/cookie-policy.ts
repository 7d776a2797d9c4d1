import type { QuestionAnswerPage } from './types.ts'

export const cookiePolicy: QuestionAnswerPage = {
  title: 'Cookie Policy',
  last_updated_date: '2020-07-27',
  introduction:
    '<p>This policy explains the cookies the {product} website uses. We keep them to a minimum: they make the site work and remember your choices. We never put your personal details in cookies, and we use no advertising cookies.</p>',
  questionAnswerList: [
    {
      question: 'What are cookies?',
      answer:
        '<p>Cookies are small text files that a website asks your browser to keep and send back on later visits. They let a site remember, for example, that you are signed in or which theme you chose.</p>',
    },
    {
      question: 'Which strictly necessary cookies do we use?',
      answer:
        '<p>These cookies are needed for the site to work and cannot be switched off:</p><ul><li><strong>Session cookie:</strong> keeps you signed in and remembers your application in progress. It holds a random identifier, not your details, and expires after four (4) hours of inactivity or when you log out.</li><li><strong>Security cookies:</strong> protect forms against requests from other websites.</li><li><strong>cookieBannerClosed:</strong> remembers that you closed the cookie banner until you close your browser.</li></ul>',
    },
    {
      question: 'Which preference cookies do we use?',
      answer:
        '<ul><li><strong>theme:</strong> remembers whether you chose the light or dark theme. Kept for one (1) year.</li><li><strong>cookieAccepted:</strong> remembers that you accepted this policy, so the cookie banner does not appear again. Kept for one (1) year.</li></ul>',
    },
    {
      question: 'Do we use advertising or tracking cookies?',
      answer:
        '<p>No. We do not use advertising cookies, and we do not let advertisers or social networks set cookies on our website.</p>',
    },
    {
      question: 'How can you control cookies?',
      answer:
        '<p>You can delete cookies or block them in your browser settings. If you block strictly necessary cookies, you will not be able to sign in or finish an application. If you delete preference cookies, the site returns to the light theme and shows the cookie banner again.</p>',
    },
    {
      question: 'Where can you learn more?',
      answer:
        '<p>Read our <a href="/privacy-notice">Privacy Notice</a> to learn how we handle personal data, or contact us through our <a href="/help">Help &amp; Support</a> page.</p>',
    },
  ],
}

import type { QuestionAnswerPage } from './types.ts'

export const privacyNotice: QuestionAnswerPage = {
  title: 'Privacy Notice',
  last_updated_date: '2020-07-27',
  introduction:
    '<p>{product} respects your privacy. This notice explains what personal data we collect when you check availability, apply for, use or pay for our fibre internet service, why we need it, and the rights you have under the Data Privacy Act of 2012 (Republic Act No. 10173), its Implementing Rules and Regulations, and the issuances of the National Privacy Commission.</p>',
  questionAnswerList: [
    {
      question: 'What personal data do we collect?',
      answer:
        '<ul><li><strong>Contact details:</strong> your name, mobile number, email address and, if you give them, an alternate number, alternate email and landline.</li><li><strong>Address and location:</strong> your installation and billing addresses and the map coordinates you pin, so we can check serviceability and send an installer.</li><li><strong>Application details:</strong> birth date, civil status, nationality, and for businesses the business name, TIN and representative.</li><li><strong>Documents you upload:</strong> a government-issued ID, and where your plan requires them, proof of billing or proof of income.</li><li><strong>Account and payment details:</strong> your account number, plan, bills and payment history. Card numbers are handled by our payment gateway; we do not store them.</li><li><strong>Service data:</strong> modem status, signal and usage records needed to run and fix the service.</li></ul>',
    },
    {
      question: 'Why do we collect it?',
      answer:
        '<p>We use your personal data to:</p><ul><li>check whether our fibre network reaches your address;</li><li>verify your identity and process your application;</li><li>install, maintain and repair the service;</li><li>bill you, process payments and AutoPay, and send statements;</li><li>answer your requests and complaints;</li><li>prevent fraud and protect our network;</li><li>comply with the law and with orders of regulators such as the National Telecommunications Commission; and</li><li>with your consent only, tell you about offers and new products.</li></ul>',
    },
    {
      question: 'What is the legal basis, and what do you consent to?',
      answer:
        '<p>We process your personal data because it is necessary to enter into and perform your subscription agreement, to comply with our legal obligations, and for our legitimate interest in keeping the service secure. For marketing, and for any purpose not listed here, we ask for your consent separately.</p><p>When you tick the privacy notice box on our forms, you confirm: “I have read and understood the {product} Privacy Notice and I agree to the collection and processing of my personal data for the purposes stated in it.” You may withdraw your consent to marketing at any time in Consent Management or by contacting our Data Protection Officer.</p>',
    },
    {
      question: 'Who do we share it with?',
      answer:
        '<p>We share only what each party needs, under written agreements that require them to protect it:</p><ul><li>installation and repair contractors who visit your home;</li><li>payment gateways, banks, e-wallets and outlets that process your payments;</li><li>sales partners and agents who help you apply;</li><li>providers of our hosting, messaging and customer care systems; and</li><li>government agencies and courts when the law requires it.</li></ul><p>We do not sell your personal data.</p>',
    },
    {
      question: 'How long do we keep it?',
      answer:
        '<p>We keep your personal data while you are a subscriber and for up to ten (10) years after the service ends, as required for tax, accounting and legal claims. Applications that do not become a subscription are deleted one (1) year after the last activity. Uploaded documents are deleted once verification is complete and the retention period for them has passed. After these periods we delete or anonymise the data securely.</p>',
    },
    {
      question: 'How do we protect it?',
      answer:
        '<p>We use organisational, physical and technical measures: encrypted connections, access limited to staff who need it, logging of access, and regular reviews of our security. If a personal data breach puts you at real risk of serious harm, we notify you and the National Privacy Commission within seventy-two (72) hours of becoming aware of it.</p>',
    },
    {
      question: 'What are your rights as a data subject?',
      answer:
        '<p>Under the Data Privacy Act of 2012 you have the right to:</p><ul><li>be informed about how your personal data is processed;</li><li>access your personal data;</li><li>object to processing, including for marketing;</li><li>correct inaccurate or incomplete data;</li><li>have your data erased or blocked when it is no longer needed or was processed unlawfully;</li><li>obtain a copy of your data in an electronic format (data portability);</li><li>be indemnified for damages caused by inaccurate or unlawfully processed data; and</li><li>file a complaint with the National Privacy Commission.</li></ul>',
    },
    {
      question: 'How can you reach our Data Protection Officer?',
      answer:
        '<p>Write to the {product} Data Protection Officer at <a href="mailto:dpo@example.ph">dpo@example.ph</a>, or send a request through our <a href="/help">Help &amp; Support</a> page. We answer requests about your rights within fifteen (15) working days.</p>',
    },
    {
      question: 'How can you reach the National Privacy Commission?',
      answer:
        '<p>If you believe we have not handled your personal data properly, you may file a complaint with the National Privacy Commission through its website, <a href="https://www.privacy.gov.ph">www.privacy.gov.ph</a>.</p>',
    },
    {
      question: 'Will this notice change?',
      answer:
        '<p>We update this notice when our processing or the law changes. The date at the top shows the latest version. We tell you about significant changes by email or on this website.</p>',
    },
  ],
}

import type { TermsConditions } from './types.ts'

// spec 9: terms last updated July 27, 2020.
export const termsAndConditions: TermsConditions = {
  title: 'Terms and Conditions',
  last_updated_date: '2020-07-27',
  headingDescriptionList: [
    {
      heading: 'Agreement',
      description:
        '<p>These Terms and Conditions, together with the product terms of the plan you choose and your application form, make up your subscription agreement with {product} (“we”, “us”). By submitting an application, paying the first bill or using the service, you agree to them.</p><p>If you apply on behalf of a business, you confirm that you are authorized to bind it.</p>',
    },
    {
      heading: 'The service',
      description:
        '<p>{product} provides a fibre-to-the-home internet connection to the address named in your application. The speeds in our plans are the maximum speeds of the connection to your modem. Actual speeds vary with Wi-Fi coverage, the number of connected devices, the websites you visit and network conditions.</p><p>The service is for the address where it is installed. You may not resell it or share it outside your home or business premises.</p>',
    },
    {
      heading: 'Application and installation',
      description:
        '<p>We confirm your application after we have checked serviceability at your address, verified your identity and reviewed the documents you uploaded. We may decline an application that is incomplete or that we cannot verify.</p><p>Our installer will contact you to schedule a visit. Someone of legal age must be present, and you must obtain any permission needed from the owner, homeowners’ association or building administrator for the cabling. The modem and other equipment we install remain our property; keep them in good condition and return them when the service ends.</p>',
    },
    {
      heading: 'Billing and payment',
      description:
        '<p>Your monthly service fee is billed in advance. Your first bill includes the pro-rated fee from the day of installation and any one-time fees, such as the installation fee if you chose to pay it outright.</p><p>Pay the full amount by the due date shown on your statement through any of our payment channels: credit or debit card, internet banking, over the counter at partner banks, e-wallets, authorized outlets, or AutoPay. Payments can take up to three (3) business days to reflect on your account. Unpaid amounts after the due date may incur a late payment charge as stated on your statement.</p>',
    },
    {
      heading: 'Lock-in period',
      description:
        '<p>Plans have the lock-in period stated in their product terms, usually twenty-four (24) months from installation. If you end the subscription before the lock-in period ends, you pay a pre-termination fee equal to the monthly service fee multiplied by the months left, plus any unbilled installation fee and the cost of equipment not returned.</p><p>No pre-termination fee applies when you end the subscription because we could not deliver the service as agreed, or when you relocate to an address we cannot serve and have given us the notice required below.</p>',
    },
    {
      heading: 'Upgrades and relocation',
      description:
        '<p>You may upgrade to a higher plan at any time; a new lock-in period may apply. Downgrades are allowed after the lock-in period.</p><p>To move the service to a new address, request a relocation at least fifteen (15) days in advance. We first check serviceability at the new address. A relocation fee may apply and is shown before you confirm.</p>',
    },
    {
      heading: 'Temporary suspension',
      description:
        '<p>We may suspend the service if your account remains unpaid thirty (30) days after the due date, if the service is used in breach of these terms, or if the law or an order of a competent authority requires it. We restore the service within twenty-four (24) hours after the overdue amount is paid, subject to a reconnection fee.</p><p>You may ask for a voluntary temporary disconnection of up to three (3) months once a year; the lock-in period is extended by the same number of months.</p>',
    },
    {
      heading: 'Termination',
      description:
        '<p>You may end your subscription by giving us thirty (30) days’ notice through our customer care channels. We may end it if the account stays unpaid sixty (60) days after the due date, if you give false information in your application, or if the service is used for unlawful purposes.</p><p>When the service ends, you pay all amounts due up to the end date and return our equipment within fifteen (15) days.</p>',
    },
    {
      heading: 'Fair use',
      description:
        '<p>Our plans have no data cap. To keep the network fast for everyone, we may manage traffic during peak hours when usage on an account is far above that of typical residential users and harms other subscribers. We never block lawful websites or applications because of their content.</p><p>Do not use the service to send spam, attack other networks, infringe intellectual property rights or share material that is illegal in the Philippines.</p>',
    },
    {
      heading: 'Service interruptions and rebates',
      description:
        '<p>We work to keep the service available at all times. Planned maintenance is announced in advance where possible. If the service is interrupted for twenty-four (24) hours or more in a row through no fault of yours, report it to us and we credit a pro-rated rebate of the monthly fee to your next bill, as the rules of the National Telecommunications Commission (NTC) require.</p>',
    },
    {
      heading: 'Limitation of liability',
      description:
        '<p>To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits or lost data, arising from the use of or inability to use the service. We are not liable for interruptions caused by events beyond our reasonable control, such as typhoons, earthquakes, floods, fire, power failures, or acts of third parties that damage our network.</p><p>Nothing in these terms limits your rights under the Consumer Act of the Philippines (Republic Act No. 7394).</p>',
    },
    {
      heading: 'Your personal data',
      description:
        '<p>We process your personal data as described in our <a href="/privacy-notice">Privacy Notice</a>, in accordance with the Data Privacy Act of 2012 (Republic Act No. 10173).</p>',
    },
    {
      heading: 'Changes to these terms',
      description:
        '<p>We may change these terms to reflect changes in the law, in NTC rules or in our services. We give at least thirty (30) days’ notice of changes that are not in your favour, by email, SMS or a notice on your statement. If you do not accept the change, you may end the subscription within that period without a pre-termination fee.</p>',
    },
    {
      heading: 'Governing law and complaints',
      description:
        '<p>These terms are governed by the laws of the Republic of the Philippines. Any dispute shall be brought before the proper courts of the city where our principal office is located, without prejudice to your right to file a complaint with the National Telecommunications Commission.</p><p>For questions or complaints, contact {product} customer care through our <a href="/help">Help &amp; Support</a> page. If you are not satisfied with our answer, you may raise the matter with the NTC.</p>',
    },
  ],
}

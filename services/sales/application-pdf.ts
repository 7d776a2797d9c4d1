/**
 * The application's PDF summary a sales agent sends the customer (issue 13; spec 7, "POST
 * application notifications for PDF"): what was filed, drawn with pdfkit as statements are
 * (services/billing/statement-pdf.ts): amounts as 'PHP 1,699.00', the standard fonts having no
 * peso sign. No ID numbers or documents go in it: it travels by email.
 */
import PDFDocument from 'pdfkit'
import { slotLabel, type ApplicationPayload } from '../../lib/application.ts'
import { displayMobile } from '../../lib/mobile.ts'
import { STATUS_LABELS, type ApplicationStatus } from '../../lib/application-status.ts'
import { formatDate } from '../../lib/dates.ts'
import { formatPesos } from '../../lib/pesos.ts'
import type { ApplicationPricing } from '../applications/tables.ts'
import type { OutgoingMessage } from '../notifications/sender.ts'

const LEFT = 50
const RIGHT = 545
const LABEL_WIDTH = 170
/** Amounts as 'PHP 1,699.00': the standard fonts have no peso sign. */
const PDF = { code: true }

export type PdfApplication = {
  referenceNo: string
  status: ApplicationStatus
  createdAt: Date
  agentCode: string
  payload: ApplicationPayload
  /** What was quoted at submission (issue 33); null for an application filed without a cart. */
  pricing: ApplicationPricing | null
}

function addressLine(address: ApplicationPayload['addresses'][number]): string {
  return [
    address.buildingNo,
    address.buildingName ?? address.subdivisionVillage,
    address.streetName,
    address.barangay,
    address.cityMunicipality,
    address.province,
    address.zipCode,
  ]
    .filter((part): part is string => Boolean(part))
    .join(', ')
}

export function renderApplicationPdf(
  application: PdfApplication,
  options: { productName: string; createdAt: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: {
      Title: `${options.productName} application ${application.referenceNo}`,
      Author: options.productName,
      CreationDate: options.createdAt,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const row = (label: string, value: string) => {
    const y = doc.y
    doc.font('Helvetica-Bold').fontSize(10).text(label, LEFT, y, { width: LABEL_WIDTH })
    const after = doc.y
    doc.font('Helvetica').text(value, LEFT + LABEL_WIDTH + 10, y, { width: RIGHT - LEFT - LABEL_WIDTH - 10 })
    doc.y = Math.max(after, doc.y) + 2
    doc.x = LEFT
  }
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text, LEFT)
    doc
      .moveTo(LEFT, doc.y + 2)
      .lineTo(RIGHT, doc.y + 2)
      .lineWidth(0.5)
      .stroke('#94a3b8')
    doc.moveDown(0.4)
  }

  const p = application.payload
  doc.font('Helvetica-Bold').fontSize(18).text(`${options.productName} Fibre`, LEFT)
  doc.font('Helvetica').fontSize(13).text('Application summary')
  doc.moveDown(0.6)
  row('Reference number', application.referenceNo)
  row('Filed on', formatDate(application.createdAt, 'date'))
  row('Status', STATUS_LABELS[application.status])
  if (application.agentCode !== 'self') row('Sales agent', application.agentCode)

  heading('Customer')
  row('Name', [p.firstName, p.lastName, p.suffix].filter(Boolean).join(' '))
  row('Customer type', p.customerSegment)
  if (p.businessName) row('Business name', p.businessName)
  row('Email', p.emailAddress)
  row('Mobile number', displayMobile(p.mobileNumber))

  heading('Service')
  row('Plan', p.planName)
  for (const item of p.itemDetails) row('Add-on', `${item.itemName} × ${item.quantity}`)
  const [date = '', window = 'AM'] = [p.appointment.slotId.slice(0, 10), p.appointment.slotId.slice(11)]
  row('Installation appointment', slotLabel(date, window as 'AM' | 'PM'))
  for (const address of p.addresses) {
    row(address.addressType === 'billing' ? 'Billing address' : 'Installation address', addressLine(address))
  }

  const pricing = application.pricing
  if (pricing) {
    heading('Charges')
    row('Monthly fee', formatPesos(pricing.monthlyRecurringFee, PDF))
    if (pricing.dueUpfront > 0) row('One-time fees due upfront', formatPesos(pricing.dueUpfront, PDF))
    if (pricing.dueAtInstallation > 0) row('Cash for the installer', formatPesos(pricing.dueAtInstallation, PDF))
    if (pricing.instalments) {
      const { months, amount, lastAmount } = pricing.instalments
      const last = lastAmount !== amount ? ` (last ${formatPesos(lastAmount, PDF)})` : ''
      row('Monthly instalments', `${months} × ${formatPesos(amount, PDF)}${last}`)
    }
    if (pricing.promo) {
      row('Promo code', `${pricing.promo.code}: ${formatPesos(pricing.promo.discount, PDF)} off the first bill`)
    }
    row('First bill', formatPesos(pricing.firstBill, PDF))
  }

  doc.moveDown(1.2)
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#475569')
    .text(
      `Keep your reference number: with your email address or mobile number it lets you check this application's status at any time. This summary was made on ${formatDate(options.createdAt, 'date')}.`,
      LEFT,
    )
  doc.end()
  return done
}

export function applicationPdfEmail(options: {
  productName: string
  to: string
  firstName: string
  referenceNo: string
  pdf: Buffer
}): OutgoingMessage {
  return {
    channel: 'email',
    recipient: options.to,
    subject: `Your application ${options.referenceNo}: summary attached`,
    body: [
      `Hello ${options.firstName},`,
      '',
      `Attached is the summary of your ${options.productName} application ${options.referenceNo}, as our sales agent filed it with you.`,
      'If anything in it is not right, please reply to your sales agent.',
      '',
      options.productName,
    ].join('\n'),
    attachments: [
      {
        fileName: `application-${options.referenceNo}.pdf`,
        contentType: 'application/pdf',
        contentBase64: options.pdf.toString('base64'),
      },
    ],
  }
}

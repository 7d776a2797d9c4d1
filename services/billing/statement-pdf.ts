/**
 * A statement as a PDF (issue 11: account, period, charges, payments, balance, how to pay),
 * drawn with pdfkit (pure JavaScript; its standard fonts need no font files of ours). The
 * standard fonts have no peso sign, so amounts read 'PHP 1,699.00'.
 */
import PDFDocument from 'pdfkit'
import { HOW_TO_PAY } from '../../lib/billing.ts'
import { formatDate } from '../../lib/dates.ts'
import { formatPesos } from '../../lib/pesos.ts'
import type { Statement } from './views.ts'

/** Amounts as 'PHP 1,699.00': the standard fonts have no peso sign. */
const PDF = { code: true }

const LEFT = 50
const RIGHT = 545
const AMOUNT_WIDTH = 220

export function renderStatementPdf(
  statement: Statement,
  options: { productName: string; createdAt: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: {
      Title: `${options.productName} statement for ${formatDate(statement.month, 'month')}`,
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

  const { bill } = statement
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
    doc.text(label, LEFT, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - 10 })
    const after = doc.y
    doc.text(amount, RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' })
    doc.y = Math.max(after, doc.y)
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

  doc.font('Helvetica-Bold').fontSize(18).text(`${options.productName} Fibre`, LEFT)
  doc
    .font('Helvetica')
    .fontSize(13)
    .text(`Statement of Account: ${formatDate(statement.month, 'month')}`)
  doc.moveDown(0.6)
  row('Account number', statement.accountNumber, true)
  row('Account name', statement.holderName)
  row('Service address', statement.serviceAddress)
  row('Billing period', `${formatDate(bill.periodStart, 'date')} to ${formatDate(bill.periodEnd, 'date')}`)
  row('Statement date', formatDate(bill.issuedOn, 'date'))
  row('Due date', formatDate(bill.dueOn, 'date'), true)

  heading('Summary')
  const paid = statement.paymentsReceived.reduce((total, payment) => total + payment.amount, 0)
  row('Previous balance', formatPesos(statement.previousBalance, PDF))
  row('Payments received', formatPesos(-paid, PDF))
  row('Current charges', formatPesos(bill.amount, PDF))
  row('Total amount due', formatPesos(statement.totalAmountDue, PDF), true)

  heading('Current charges')
  for (const charge of bill.charges) row(charge.description, formatPesos(charge.amount, PDF))
  row('Total current charges', formatPesos(bill.amount, PDF), true)

  heading('Payments received')
  if (statement.paymentsReceived.length === 0) doc.font('Helvetica').fontSize(10).text('No payments this period.')
  for (const payment of statement.paymentsReceived) {
    row(`${formatDate(payment.postedAt, 'date')}, ${payment.channel}`, formatPesos(-payment.amount, PDF))
  }

  heading('How to pay')
  doc.font('Helvetica').fontSize(10)
  for (const way of HOW_TO_PAY) doc.text(`- ${way}`, LEFT, doc.y, { width: RIGHT - LEFT })
  doc
    .moveDown(0.4)
    .text(
      statement.totalAmountDue > 0
        ? `Please pay ${formatPesos(statement.totalAmountDue, PDF)} on or before ${formatDate(bill.dueOn, 'date')}.`
        : 'Nothing to pay for this statement.',
    )

  doc.end()
  return done
}

/** The dev mailbox's list: each outbox message with its links made clickable. */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Fragment } from 'react'
import type { OutboxMessage } from '~/upstream/identity.server'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { useSchemaForm, type FormConstraint } from '~/ui/use-schema-form'

// import(): the schema, and zod with it, stay out of the page's first JS.
const mailboxSearchSchema = () => import('./schemas').then((module) => module.MailboxSearchSchema)

// Only http(s) links become anchors; React escapes everything else as text.
const LINK = /(https?:\/\/[^\s<>"]+)/g

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all font-semibold text-brand-700 underline dark:text-orange-300">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  )
}

type MailboxSearchProps = { lastResult?: SubmissionResult<string[]>; constraint: FormConstraint; to: string | null }

export function MailboxSearch({ lastResult, constraint, to }: MailboxSearchProps) {
  const [form, fields] = useSchemaForm({
    id: 'mailbox-search',
    lastResult,
    constraint,
    defaultValue: { to: to ?? '' },
    loadSchema: mailboxSearchSchema,
  })
  return (
    <Form method="get" {...getFormProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <Field
          label="Recipient email"
          field={fields.to}
          inputProps={{ ...getInputProps(fields.to, { type: 'email' }), required: false }}
        />
      </div>
      <Button type="submit">SEARCH</Button>
    </Form>
  )
}

export function MailboxList({ messages }: { messages: OutboxMessage[] }) {
  if (messages.length === 0) return <p>No messages.</p>
  return (
    <ol className="flex flex-col gap-4">
      {messages.map((message) => (
        <li key={message.id}>
          <article
            aria-label={message.subject}
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <h2 className="font-semibold">{message.subject}</h2>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 dark:text-slate-300">
              <dt>To</dt>
              <dd>{message.recipient}</dd>
              <dt>Time</dt>
              <dd>
                <time dateTime={message.createdAt}>
                  {new Date(message.createdAt).toISOString().replace('T', ' ').slice(0, 19)} UTC
                </time>
              </dd>
              <dt>Status</dt>
              <dd>{message.status}</dd>
            </dl>
            {message.body === null ? (
              <p className="mt-3 text-sm italic">Delivered; the body is no longer kept.</p>
            ) : (
              <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">
                <Linkified text={message.body} />
              </pre>
            )}
          </article>
        </li>
      ))}
    </ol>
  )
}

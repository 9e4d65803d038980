import { formatDateTime, type OutboxMessage } from '@simvisit/schema';
import { Card, CardBody, MailIcon, PhoneIcon } from '@simvisit/ui';
import { LinkifiedText } from './LinkifiedText';
import { OutboxAttachments } from './OutboxAttachments';

export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const isMail = message.channel === 'mail';
  const Icon = isMail ? MailIcon : PhoneIcon;
  const created = new Date(message.created_at);
  return (
    <Card>
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 items-start gap-3">
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon />
            </span>
            <div className="min-w-0">
              <h2 className="font-semibold break-words text-slate-900">{message.subject || (isMail ? 'Email' : 'Text message')}</h2>
              <p className="text-sm break-all text-slate-600">
                <span className="font-medium">To:</span> {message.to}
              </p>
            </div>
          </div>
          <div className="flex items-center gap-2 text-xs text-slate-500">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium uppercase">{isMail ? 'Mail' : 'SMS'}</span>
            <time dateTime={message.created_at}>{Number.isNaN(created.getTime()) ? message.created_at : formatDateTime(created)}</time>
          </div>
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <LinkifiedText text={message.text} />
        </div>
        <OutboxAttachments attachments={message.attachments ?? []} />
      </CardBody>
    </Card>
  );
}

import { Alert } from '@simvisit/ui';
import { describeAdminCallFailure } from '../../platform/notices';

/**
 * The failure of a section's last save, kept next to its form: the response message as title, and each
 * field name in bold followed by its messages, or the message (spec 000 §8).
 */
export function AdminCallError({ error }: { error: unknown }) {
  if (!error) return null;
  const failure = describeAdminCallFailure(error);
  return (
    <Alert tone="danger" title={failure.title}>
      {failure.fields.length > 0 ? (
        <ul className="space-y-1">
          {failure.fields.map((f) => (
            <li key={f.field}>
              <strong className="font-semibold">{f.label}</strong> {f.messages.join(' ')}
            </li>
          ))}
        </ul>
      ) : failure.title !== failure.text ? (
        failure.text
      ) : null}
    </Alert>
  );
}

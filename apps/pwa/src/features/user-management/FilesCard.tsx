import { buttonClassName, Card, CardBody, CardHeader, sameOriginPath } from '@simvisit/ui';
import type { UserDetail } from './types';

/** Resume and headshot downloads (GET, attachment), offered only when the user has uploaded them. */
export function FilesCard({ user }: { user: Pick<UserDetail, 'name' | 'resume' | 'headshot'> }) {
  const files = [
    { label: 'Download Resume', href: sameOriginPath(user.resume), name: 'resume' },
    { label: 'Download Headshot', href: sameOriginPath(user.headshot), name: 'headshot' },
  ].filter((f) => f.href !== null);
  return (
    <Card aria-label="Resume & Headshot">
      <CardHeader title="Resume & Headshot" />
      <CardBody>
        {files.length === 0 ? (
          <p className="text-sm text-slate-600">No resume or headshot uploaded.</p>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {files.map((f) => (
              <li key={f.name}>
                <a href={f.href!} download className={buttonClassName('secondary')}>
                  {f.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

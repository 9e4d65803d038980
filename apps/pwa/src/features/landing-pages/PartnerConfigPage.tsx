import { type LandingPartner, landingPagePath, LANDING_MESSAGES as M } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, Spinner } from '@simvisit/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { QuestionHtml } from '../../platform/rich-text';
import { PartnerLogo } from '../../platform/shell';
import { BannerColorForm } from './BannerColorForm';
import { LogoForm } from './LogoForm';
import { landingCalls, landingKeys, partnerConfigQuery } from './landing-pages-api';
import { TextEditModal } from './RichTextModal';

/** Landing page configuration (spec 002 §2.21): logo, banner colour, welcome header and message, the public URL. */
export function PartnerConfigPage({ partnerId }: { partnerId: number }) {
  const queryClient = useQueryClient();
  const query = useQuery(partnerConfigQuery(partnerId));
  const [editing, setEditing] = useState<'welcome_header' | 'welcome_message' | null>(null);
  useDocumentTitle(query.data ? `Landing Page: ${query.data.partner.short_name}` : 'Landing Page');

  if (query.isPending) return <Spinner label="Loading the landing page" />;
  if (query.isError) {
    if (isApiError(query.error) && [403, 404].includes(query.error.status)) return <ErrorPage code={String(query.error.status)} />;
    return <p className="text-sm text-red-700">{query.error.message}</p>;
  }
  const partner = query.data.partner;
  /** Keeps the answer's partner (every call answers the updated one) and refreshes the lists. */
  const keep = async <T extends { message: string; partner: LandingPartner }>(answer: Promise<T>) => {
    const done = await answer;
    queryClient.setQueryData(landingKeys.partner(partnerId), { partner: done.partner });
    void queryClient.invalidateQueries({ queryKey: landingKeys.landing(done.partner.slug) });
    return done;
  };
  const publicUrl = `${window.location.origin}${landingPagePath(partner.slug)}`;

  async function saveText(field: 'welcome_header' | 'welcome_message', value: string) {
    try {
      const done = await keep(
        field === 'welcome_header' ? landingCalls.setWelcomeHeader(partnerId, value) : landingCalls.setWelcomeMessage(partnerId, value),
      );
      notifySuccess(done.message);
    } catch (error) {
      notifyFailure(field === 'welcome_header' ? M.headerError : M.messageError, error);
      throw error;
    }
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Landing Page: {partner.short_name}</h1>
      <Card>
        <CardHeader title="Public page" />
        <CardBody className="space-y-2 text-sm">
          <p className="break-all text-slate-700">{publicUrl}</p>
          <a href={landingPagePath(partner.slug)} target="_blank" rel="noopener" className="font-medium text-brand-700 hover:underline">
            Open the landing page
          </a>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Logo and banner" />
        <CardBody className="space-y-6">
          <div
            className="flex h-[76px] items-center rounded-md border border-slate-200 px-4"
            style={{ backgroundColor: partner.colour ? `#${partner.colour}` : 'transparent' }}
          >
            <PartnerLogo partner={partner} name={`${partner.long_name} logo`} className="h-[60px]" />
          </div>
          <LogoForm upload={(body) => keep(landingCalls.setLogo(partnerId, body))} />
          <BannerColorForm
            key={partner.colour ?? 'none'}
            colour={partner.colour}
            setColor={(hex) => keep(landingCalls.setBannerColor(partnerId, hex))}
            clearColor={() => keep(landingCalls.clearBannerColor(partnerId))}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Welcome" />
        <CardBody className="space-y-4 text-sm">
          {partner.is_sim ? (
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 className="font-medium text-slate-900">Welcome Header</h3>
                <p className="text-slate-700">{partner.welcome_header || 'None'}</p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => setEditing('welcome_header')}>
                Edit Welcome Header
              </Button>
            </div>
          ) : null}
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <h3 className="font-medium text-slate-900">Welcome Message</h3>
              {partner.welcome_message ? (
                <QuestionHtml html={partner.welcome_message} className="text-slate-700" />
              ) : (
                <p className="text-slate-700">None</p>
              )}
            </div>
            <Button size="sm" variant="secondary" onClick={() => setEditing('welcome_message')}>
              Edit Welcome Message
            </Button>
          </div>
        </CardBody>
      </Card>
      {editing ? (
        <TextEditModal
          title={editing === 'welcome_header' ? 'Edit Welcome Header' : 'Edit Welcome Message'}
          field={editing}
          value={partner[editing] ?? ''}
          onClose={() => setEditing(null)}
          save={(value) => saveText(editing, value)}
        />
      ) : null}
    </div>
  );
}

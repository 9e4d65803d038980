import { type LogoUploadRequest, logoUploadRequestSchema, LANDING_MESSAGES as M } from '@simvisit/schema';
import { Button, FileField } from '@simvisit/ui';
import { useId } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';

/** The logo upload (spec 002 §5): a file is required, jpeg, jpg, png or svg, at most 4MB (rounded to whole MB here). */
export function LogoForm({ upload }: { upload: (body: LogoUploadRequest) => Promise<{ message: string }> }) {
  const ids = useId();
  const { fileField, formProps, submitting, failure, reset } = useApiForm({
    schema: logoUploadRequestSchema,
    defaultValues: { logo_file: null as File | null },
    submit: async (body) => {
      notifySuccess((await upload(body)).message);
      reset();
    },
    onError: (_failure, error) => notifyFailure(M.logoError, error),
  });
  const logo = fileField('logo_file', `${ids}-logo`);
  return (
    <form {...formProps} className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <FileField
          label="Logo file"
          accept=".jpeg,.jpg,.png,.svg,image/jpeg,image/png,image/svg+xml"
          hint="JPEG, PNG or SVG, max 4MB; shown 60 px high."
          {...logo}
          error={logo.error ?? failure}
        />
        <Button type="submit" disabled={submitting}>
          Upload Logo
        </Button>
      </div>
    </form>
  );
}

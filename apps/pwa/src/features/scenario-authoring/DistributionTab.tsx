import {
  addPartnerRequestSchema,
  idSchema,
  JOB_NUMBER_MAX,
  SCENARIO_MESSAGES,
  type ScenarioDetail,
  type ScenarioPartner,
  scenariosApi,
  updatePartnerRequestSchema,
} from '@simvisit/schema';
import { Button, SelectField, SwitchField, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { apiCall } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { usePartnerOptions } from './scenario-api';
import { patchLoadedScenario, useScenarioCall } from './scenario-calls';

const M = SCENARIO_MESSAGES;

function usePartnerCall<V>(
  id: number,
  call: (v: V) => Promise<{ message: string; scenario_partners: ScenarioPartner[] }>,
  errorTitle: string,
  onError?: (e: unknown) => boolean,
) {
  const queryClient = useQueryClient();
  return useScenarioCall(id, call, {
    errorTitle,
    success: (answer) => answer.message,
    onSuccess: (answer) =>
      patchLoadedScenario(queryClient, id, { scenario_partners: answer.scenario_partners, partners: answer.scenario_partners }),
    onError,
  });
}

/** The add-partner rule of the server, with the partner of the address chosen in the form. */
const addPartnerFormSchema = z.extend(addPartnerRequestSchema, { partner_id: idSchema(M.selectPartner) });

function AddPartnerForm({ scenario, attached, disabled }: { scenario: ScenarioDetail; attached: ScenarioPartner[]; disabled: boolean }) {
  const partners = usePartnerOptions(!disabled);
  const id = useId();
  const add = usePartnerCall(
    scenario.id,
    (body: { partnerId: number; job_number: string; featured: 0 | 1 }) =>
      apiCall(scenariosApi.addPartner, {
        params: { id: scenario.id, partnerId: body.partnerId },
        body: { featured: body.featured, job_number: body.job_number },
      }),
    'Error adding partner',
    // A refused job number shows under the field only (the form puts it there).
    (error) => Boolean((error as { errors?: Record<string, string[]> }).errors?.job_number?.[0]),
  );
  const { form, field, onSubmit } = useApiForm({
    schema: addPartnerFormSchema,
    defaultValues: { partner_id: '', job_number: '', featured: false },
    input: (values) => ({ ...values, featured: values.featured ? 1 : 0 }),
    submit: async ({ partner_id, job_number, featured }, partnerForm) => {
      await add.mutateAsync({ partnerId: partner_id, job_number, featured: featured === 1 ? 1 : 0 });
      partnerForm.reset();
    },
  });
  const partner = field('partner_id', `${id}-partner`);
  const job = field('job_number', `${id}-job`);
  const options = (partners.data?.partners ?? [])
    .filter((p) => !attached.some((a) => a.partner_id === p.id))
    .map((p) => ({ value: String(p.id), label: p.long_name }));
  return (
    <form aria-label="Add a partner" className="space-y-3 rounded-lg border border-slate-200 p-3" onSubmit={onSubmit}>
      <SelectField
        id={partner.id}
        name={partner.name}
        label="Partner"
        placeholder="Select a partner"
        options={options}
        value={form.watch('partner_id')}
        disabled={disabled}
        error={partner.error}
        onChange={(e) => {
          form.setValue('partner_id', e.target.value);
          form.clearErrors('partner_id');
        }}
      />
      <TextField
        {...job}
        label="Job Number"
        maxLength={JOB_NUMBER_MAX}
        disabled={disabled}
        onChange={(e) => {
          e.target.value = e.target.value.toUpperCase();
          form.clearErrors('job_number');
          return job.onChange(e);
        }}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...form.register('featured')} disabled={disabled} />
        Featured
      </label>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={disabled || add.isPending}>
          Add Partner
        </Button>
      </div>
    </form>
  );
}

function PartnerRow({
  scenarioId,
  partner,
  canConfigure,
  disabled,
}: {
  scenarioId: number;
  partner: ScenarioPartner;
  canConfigure: boolean;
  disabled: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const id = useId();
  const update = usePartnerCall(
    scenarioId,
    (body: { job_number?: string; featured?: 0 | 1 }) =>
      apiCall(scenariosApi.updatePartner, { params: { id: scenarioId }, body: { partner_id: partner.partner_id, ...body } }),
    'Error updating partner',
    // A job number update failure shows the message inline (spec 001 §8): the form puts it under the field.
    () => editing,
  );
  const remove = usePartnerCall(
    scenarioId,
    () => apiCall(scenariosApi.removePartner, { params: { id: scenarioId, partnerId: partner.partner_id } }),
    'Error removing partner',
  );
  const jobForm = useApiForm({
    schema: updatePartnerRequestSchema,
    defaultValues: { job_number: partner.job_number },
    input: (values) => ({ ...values, partner_id: partner.partner_id }),
    submit: async ({ job_number }) => {
      await update.mutateAsync({ job_number });
      setEditing(false);
    },
  });
  const job = jobForm.field('job_number', id);
  const name = partner.partner.long_name;
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid={`scenario-partner-${partner.partner_id}`}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{name}</p>
          {editing ? null : (
            <p className="text-sm text-slate-600">
              Job Number: <span data-testid="job-number">{partner.job_number}</span>
            </p>
          )}
        </div>
        {canConfigure ? (
          <div className="flex gap-1">
            {editing ? null : (
              <Button
                size="sm"
                variant="ghost"
                disabled={disabled}
                onClick={() => {
                  jobForm.reset({ job_number: partner.job_number });
                  setEditing(true);
                }}
                aria-label={`Edit job number of ${name}`}
              >
                Edit
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              disabled={disabled || remove.isPending}
              onClick={() => remove.mutate(undefined)}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          </div>
        ) : null}
      </div>
      {editing ? (
        <form className="space-y-2" onSubmit={jobForm.onSubmit}>
          <TextField
            {...job}
            label="Job Number"
            maxLength={JOB_NUMBER_MAX}
            error={job.error ?? jobForm.failure}
            onChange={(e) => {
              e.target.value = e.target.value.toUpperCase();
              jobForm.form.clearErrors('job_number');
              jobForm.setFailure(null);
              return job.onChange(e);
            }}
          />
          <div className="flex justify-end gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setEditing(false);
                jobForm.reset({ job_number: partner.job_number });
              }}
            >
              Cancel
            </Button>
            <Button size="sm" type="submit" disabled={disabled || update.isPending}>
              Save
            </Button>
          </div>
        </form>
      ) : null}
      <SwitchField
        id={`${id}-featured`}
        label="Featured"
        checked={partner.featured === 1}
        disabled={!canConfigure || disabled}
        busy={update.isPending && !editing}
        onCheckedChange={(checked) => update.mutate({ featured: checked ? 1 : 0 })}
      />
    </li>
  );
}

/** Distribution (spec 001 §2, §5): the partners the scenario is offered to, each with a job number. */
export function DistributionTab({ scenario, online }: { scenario: ScenarioDetail; online: boolean }) {
  const attached = scenario.scenario_partners ?? scenario.partners ?? [];
  const canConfigure = scenario.abilities.can_configure;
  return (
    <div className="space-y-4">
      {attached.length === 0 ? <p className="text-sm text-slate-500">No partners yet.</p> : null}
      <ul className="space-y-3" aria-label="Partners">
        {attached.map((p) => (
          <PartnerRow key={p.partner_id} scenarioId={scenario.id} partner={p} canConfigure={canConfigure} disabled={!online} />
        ))}
      </ul>
      {canConfigure ? <AddPartnerForm scenario={scenario} attached={attached} disabled={!online} /> : null}
    </div>
  );
}

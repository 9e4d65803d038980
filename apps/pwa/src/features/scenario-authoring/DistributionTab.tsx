import { JOB_NUMBER_MAX, SCENARIO_MESSAGES, type ScenarioDetail, type ScenarioPartner, scenariosApi } from '@simvisit/schema';
import { Button, SelectField, SwitchField, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiCall, errorMessage } from '../../lib/api';
import { usePartnerOptions } from './scenario-api';
import { patchLoadedScenario, useScenarioCall } from './scenario-calls';

const M = SCENARIO_MESSAGES;

/** The job number as sent (spec 001 §5): trimmed and uppercased, at most 255 characters. */
export function jobNumberError(raw: string, requiredMessage: string): string | null {
  const value = raw.trim();
  if (!value) return requiredMessage;
  if (value.length > JOB_NUMBER_MAX) return M.jobNumberTooLong;
  return null;
}

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

function AddPartnerForm({ scenario, attached, disabled }: { scenario: ScenarioDetail; attached: ScenarioPartner[]; disabled: boolean }) {
  const partners = usePartnerOptions(!disabled);
  const [partnerId, setPartnerId] = useState('');
  const [jobNumber, setJobNumber] = useState('');
  const [featured, setFeatured] = useState(false);
  const [errors, setErrors] = useState<{ partner?: string | null; job?: string | null }>({});
  const id = useId();
  const add = usePartnerCall(
    scenario.id,
    (body: { partnerId: number; job_number: string; featured: 0 | 1 }) =>
      apiCall(scenariosApi.addPartner, {
        params: { id: scenario.id, partnerId: body.partnerId },
        body: { featured: body.featured, job_number: body.job_number },
      }),
    'Error adding partner',
    (error) => {
      const e = error as { errors?: Record<string, string[]> };
      if (e.errors?.job_number?.[0]) {
        setErrors({ job: e.errors.job_number[0] });
        return true;
      }
      return false;
    },
  );
  const options = (partners.data?.partners ?? [])
    .filter((p) => !attached.some((a) => a.partner_id === p.id))
    .map((p) => ({ value: String(p.id), label: p.long_name }));
  function submit() {
    const next = { partner: partnerId ? null : M.selectPartner, job: jobNumberError(jobNumber, M.jobNumberRequired) };
    setErrors(next);
    if (next.partner || next.job) return;
    add.mutate(
      { partnerId: Number(partnerId), job_number: jobNumber.trim().toUpperCase(), featured: featured ? 1 : 0 },
      {
        onSuccess: () => {
          setPartnerId('');
          setJobNumber('');
          setFeatured(false);
        },
      },
    );
  }
  return (
    <form
      aria-label="Add a partner"
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SelectField
        id={`${id}-partner`}
        label="Partner"
        placeholder="Select a partner"
        options={options}
        value={partnerId}
        disabled={disabled}
        error={errors.partner}
        onChange={(e) => {
          setPartnerId(e.target.value);
          setErrors((old) => ({ ...old, partner: null }));
        }}
      />
      <TextField
        id={`${id}-job`}
        label="Job Number"
        value={jobNumber}
        maxLength={JOB_NUMBER_MAX}
        disabled={disabled}
        error={errors.job}
        onChange={(e) => {
          setJobNumber(e.target.value.toUpperCase());
          setErrors((old) => ({ ...old, job: null }));
        }}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={featured} disabled={disabled} onChange={(e) => setFeatured(e.target.checked)} />
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
  const [jobNumber, setJobNumber] = useState(partner.job_number);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const update = usePartnerCall(
    scenarioId,
    (body: { job_number?: string; featured?: 0 | 1 }) =>
      apiCall(scenariosApi.updatePartner, { params: { id: scenarioId }, body: { partner_id: partner.partner_id, ...body } }),
    'Error updating partner',
    (e) => {
      // A job number update failure shows the message inline (spec 001 §8).
      if (editing) {
        setError(errorMessage(e));
        return true;
      }
      return false;
    },
  );
  const remove = usePartnerCall(
    scenarioId,
    () => apiCall(scenariosApi.removePartner, { params: { id: scenarioId, partnerId: partner.partner_id } }),
    'Error removing partner',
  );
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
                onClick={() => setEditing(true)}
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
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = jobNumberError(jobNumber, M.jobNumberEditRequired);
            setError(problem);
            if (problem) return;
            update.mutate({ job_number: jobNumber.trim().toUpperCase() }, { onSuccess: () => setEditing(false) });
          }}
        >
          <TextField
            id={id}
            label="Job Number"
            value={jobNumber}
            maxLength={JOB_NUMBER_MAX}
            error={error}
            onChange={(e) => {
              setJobNumber(e.target.value.toUpperCase());
              setError(null);
            }}
          />
          <div className="flex justify-end gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setJobNumber(partner.job_number);
                setError(null);
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

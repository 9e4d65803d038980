import { PARTNER_SIM, ROLE_BOXES, ROLE_NAMES, type UpdateRolesRequest, updateRolesRequestSchema } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, cn } from '@simvisit/ui';
import { type FormEvent, useId } from 'react';
import { isApiError } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { AdminCallError } from './AdminCallError';
import { useCan } from './permissions';
import { useUpdateRoles } from './queries';
import type { PartnerRef, RoleBox, UserDetailResponse } from './types';

type BoxKey = RoleBox['key'];
type PartnerListKey = 'client_admin_partners' | 'simclusive_client_admin_partners';

interface BoxState {
  checked: boolean;
  /** The rate as typed; '' is no rate. */
  rate: string;
}

interface RolesState {
  boxes: Record<BoxKey, BoxState>;
  partners: Record<PartnerListKey, number[]>;
}

/** "Standardized Patient", and "Simclusive Author" for a box held at the simulation brand. */
export function roleBoxLabel(box: RoleBox): string {
  return `${box.sim ? 'Simclusive ' : ''}${ROLE_NAMES[box.roleId]}`;
}

/** The client-admin boxes choose partners: the caller's partners, or the simulation brand's. */
const PARTNER_LISTS: Partial<
  Record<BoxKey, { key: PartnerListKey; options: 'partners' | 'sim_partners'; selected: 'client_partners' | 'sim_client_partners' }>
> = {
  client_admin_role: { key: 'client_admin_partners', options: 'partners', selected: 'client_partners' },
  simclusive_client_admin_role: { key: 'simclusive_client_admin_partners', options: 'sim_partners', selected: 'sim_client_partners' },
};

function savedState(detail: UserDetailResponse, partnerId: number | null): RolesState {
  const boxes = {} as Record<BoxKey, BoxState>;
  for (const box of ROLE_BOXES) {
    const at = box.sim ? PARTNER_SIM : partnerId;
    const grant = detail.user.user_roles.find((g) => g.role_id === box.roleId && g.partner_id === at && g.is_approved);
    boxes[box.key] = { checked: Boolean(grant), rate: grant?.pay_rate == null ? '' : String(grant.pay_rate) };
  }
  return {
    boxes,
    partners: {
      client_admin_partners: [...detail.client_partners].sort((a, b) => a - b),
      simclusive_client_admin_partners: [...detail.sim_client_partners].sort((a, b) => a - b),
    },
  };
}

/** '' → null (no rate); a number from 0 to 999; anything else → undefined (invalid). */
function parseRate(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= 999 ? value : undefined;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Only what changed, for the boxes shown: the box, its rate (while it is ticked), and the client-admin
 * partner lists (keys left out stay as they are on the server). A rate that is no number from 0 to 999 is
 * sent to the shared rule as typed, which refuses it with the range message.
 */
function changesOf(
  userId: number,
  boxes: readonly RoleBox[],
  saved: RolesState,
  current: RolesState,
): { payload: UpdateRolesRequest; count: number } {
  const payload: UpdateRolesRequest = { user_id: userId };
  let count = 0;
  for (const box of boxes) {
    const before = saved.boxes[box.key];
    const now = current.boxes[box.key];
    if (now.checked !== before.checked) {
      payload[box.key] = now.checked;
      count++;
    }
    if (box.rate && now.checked) {
      const rate = parseRate(now.rate);
      if (rate === undefined) {
        // Still a change, so Save stays available and shows the range message.
        (payload as Record<string, unknown>)[box.rate] = now.rate;
        count++;
      } else if (rate !== parseRate(before.rate) || now.checked !== before.checked) {
        payload[box.rate] = rate;
        if (now.checked === before.checked) count++;
      }
    }
    const list = PARTNER_LISTS[box.key];
    if (list && !sameIds(current.partners[list.key], saved.partners[list.key])) {
      payload[list.key] = current.partners[list.key];
      count++;
    }
  }
  return { payload, count };
}

/**
 * Roles (permission user_role.edit): one box per role the caller may grant (its user_role.* permission;
 * super admins all), a USD pay rate next to the boxes that carry one, and the partners a client admin
 * administers. Roles are held at the caller's current partner, Simclusive ones at the simulation brand.
 */
export function RolesCard({ detail, partner }: { detail: UserDetailResponse; partner: { id: number; long_name: string } | null }) {
  const ids = useId();
  const can = useCan();
  const boxes = ROLE_BOXES.filter((box) => can(box.permission));
  const saved = savedState(detail, partner?.id ?? null);
  const mutation = useUpdateRoles(detail.user.id);
  // The boxes, rates and partner lists are react-hook-form's values (checkboxes and lists set with setValue);
  // the shared rule checks the changes they make, which are all that is sent.
  const { form, error, onSubmit } = useApiForm({
    schema: updateRolesRequestSchema,
    defaultValues: saved,
    input: (values) => changesOf(detail.user.id, boxes, saved, values).payload,
    submit: (body) => mutation.mutateAsync(body),
  });
  const state = form.watch();
  const { count } = changesOf(detail.user.id, boxes, saved, state);
  // A 422 about a rate or a partner list shows under it; anything else in the alert, as before.
  const shownKeys: string[] = boxes.flatMap((box) => [box.rate ?? [], PARTNER_LISTS[box.key]?.key ?? []].flat());
  const serverExplained = isApiError(mutation.error) && Object.keys(mutation.error.errors).some((k) => shownKeys.includes(k));

  const setBox = (key: BoxKey, change: Partial<BoxState>) =>
    form.setValue(`boxes.${key}`, { ...form.getValues(`boxes.${key}`), ...change });
  const togglePartner = (key: PartnerListKey, id: number, on: boolean) => {
    const next = new Set(form.getValues(`partners.${key}`));
    if (on) next.add(id);
    else next.delete(id);
    form.setValue(
      `partners.${key}`,
      [...next].sort((a, b) => a - b),
    );
  };

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.reset();
    if (count > 0) void onSubmit();
  }

  if (boxes.length === 0) return null;
  return (
    <Card aria-label="Roles">
      <CardHeader title="Roles" />
      <CardBody>
        <form className="space-y-4" onSubmit={save} noValidate>
          <p className="text-sm text-slate-600">
            Roles are held at {partner?.long_name ?? 'your current partner'}; Simclusive roles at Simclusive.
          </p>
          <ul className="grid gap-3 md:grid-cols-2">
            {boxes.map((box) => {
              const label = roleBoxLabel(box);
              const value = state.boxes[box.key];
              const boxId = `${ids}-${box.key}`;
              const rateError = box.rate ? error(box.rate) : null;
              const list = PARTNER_LISTS[box.key];
              return (
                <li key={box.key} className="space-y-3 rounded-lg border border-slate-200 p-3">
                  <div className="flex min-h-9 flex-wrap items-center justify-between gap-3">
                    <div className="flex items-center gap-2">
                      <input
                        id={boxId}
                        type="checkbox"
                        checked={value.checked}
                        onChange={(e) => setBox(box.key, { checked: e.target.checked })}
                        className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500"
                      />
                      <label htmlFor={boxId} className="text-sm font-medium text-slate-800">
                        {label}
                      </label>
                    </div>
                    {box.rate ? (
                      <RateInput
                        id={`${boxId}-rate`}
                        label={`${label} pay rate`}
                        value={value.rate}
                        disabled={!value.checked}
                        error={rateError}
                        onChange={(rate) => setBox(box.key, { rate })}
                      />
                    ) : null}
                  </div>
                  {rateError ? (
                    <p id={`${boxId}-rate-error`} className="text-sm text-red-700">
                      {rateError}
                    </p>
                  ) : null}
                  {list && value.checked ? (
                    <PartnerChoice
                      legend={`${label} Partners`}
                      idPrefix={`${boxId}-partner`}
                      options={detail[list.options]}
                      selected={state.partners[list.key]}
                      error={error(list.key)}
                      onToggle={(id, on) => togglePartner(list.key, id, on)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
          {serverExplained ? null : <AdminCallError error={mutation.error} />}
          <Button type="submit" disabled={mutation.isPending || count === 0}>
            Save
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

function RateInput({
  id,
  label,
  value,
  disabled,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div
      className={cn(
        'flex h-9 w-36 items-center rounded-md border bg-white text-sm shadow-sm focus-within:ring-2',
        error ? 'border-red-500 focus-within:ring-red-200' : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-200',
        disabled && 'bg-slate-50 text-slate-500',
      )}
    >
      <span className="pl-3 text-slate-500" aria-hidden="true">
        $
      </span>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={999}
        step="any"
        aria-label={`${label} (USD)`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full min-w-0 bg-transparent px-1.5 py-1 text-right text-slate-900 focus:outline-none disabled:text-slate-500"
      />
      <span className="pr-3 text-xs text-slate-500" aria-hidden="true">
        USD
      </span>
    </div>
  );
}

function PartnerChoice({
  legend,
  idPrefix,
  options,
  selected,
  error,
  onToggle,
}: {
  legend: string;
  idPrefix: string;
  options: readonly PartnerRef[];
  selected: readonly number[];
  error: string | null;
  onToggle: (id: number, on: boolean) => void;
}) {
  return (
    <fieldset className="space-y-2 rounded-md bg-slate-50 p-3">
      <legend className="float-left mb-1 text-xs font-medium text-slate-600">{legend}</legend>
      <div className="clear-left space-y-1.5">
        {options.length === 0 ? (
          <p className="text-sm text-slate-600">No partners to choose from.</p>
        ) : (
          options.map((p) => (
            <div key={p.id} className="flex items-center gap-2">
              <input
                id={`${idPrefix}-${p.id}`}
                type="checkbox"
                checked={selected.includes(p.id)}
                onChange={(e) => onToggle(p.id, e.target.checked)}
                className="size-4 rounded border-slate-300"
              />
              <label htmlFor={`${idPrefix}-${p.id}`} className="text-sm text-slate-800">
                {p.long_name} - {p.slug}
              </label>
            </div>
          ))
        )}
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

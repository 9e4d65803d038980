import { addTrainerRequestSchema, SCENARIO_MESSAGES, type ScenarioDetail, scenariosApi } from '@simvisit/schema';
import { Button, SelectField } from '@simvisit/ui';
import { useId } from 'react';
import { apiCall } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { type UserOptionsKind, updateScenarioField, useUserOptions } from './scenario-api';
import { useScenarioCall } from './scenario-calls';

const M = SCENARIO_MESSAGES;

/**
 * A picker of one user from an options list (sp-options, observer-options, trainer-options). The shared rule of
 * the user id ('Please select a user to attach.') checks the choice; a refusal's words show under the select.
 */
function UserPicker({
  scenarioId,
  kind,
  exclude,
  disabled,
  buttonLabel,
  busy,
  onPick,
}: {
  scenarioId: number;
  kind: UserOptionsKind;
  exclude: readonly number[];
  disabled: boolean;
  buttonLabel: string;
  busy: boolean;
  onPick: (userId: number) => Promise<unknown>;
}) {
  const id = useId();
  const options = useUserOptions(scenarioId, kind, !disabled);
  const { form, field, onSubmit } = useApiForm({
    schema: addTrainerRequestSchema,
    defaultValues: { user_id: '' },
    submit: async ({ user_id }, picker) => {
      await onPick(user_id);
      picker.reset({ user_id: '' });
    },
  });
  const control = field('user_id', id);
  const choices = (options.data?.users ?? [])
    .filter((u) => !exclude.includes(u.id))
    .map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  return (
    <form className="space-y-2" onSubmit={onSubmit}>
      <SelectField
        label="User"
        placeholder="Select a user"
        options={choices}
        value={form.watch('user_id')}
        disabled={disabled}
        id={control.id}
        name={control.name}
        error={control.error}
        onChange={(e) => {
          form.setValue('user_id', e.target.value);
          form.clearErrors('user_id');
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={disabled || busy}>
          {buttonLabel}
        </Button>
      </div>
    </form>
  );
}

/** SP (role 2) or Observers (role 3) attached to the scenario (spec 001 §3 "users (with a role_id)"). */
export function PeopleTab({ scenario, roleId, online }: { scenario: ScenarioDetail; roleId: 2 | 3; online: boolean }) {
  const users = (scenario.users ?? []).filter((u) => u.role_id === roleId);
  const canConfigure = scenario.abilities.can_configure;
  const noun = roleId === 2 ? 'SP' : 'Observer';
  const add = useScenarioCall(
    scenario.id,
    (userId: number) => apiCall(scenariosApi.addUser, { params: { id: scenario.id }, body: { user_id: userId, role_id: roleId } }),
    { errorTitle: 'Error adding user', success: (a) => a.message },
  );
  const remove = useScenarioCall(
    scenario.id,
    (userId: number) => apiCall(scenariosApi.removeUser, { params: { id: scenario.id, userId }, query: { role_id: roleId } }),
    { errorTitle: 'Error removing user', success: (a) => a.message },
  );
  return (
    <div className="space-y-4">
      {users.length === 0 ? <p className="text-sm text-slate-500">No {roleId === 2 ? 'SPs' : 'observers'} attached.</p> : null}
      <ul className="space-y-2" aria-label={roleId === 2 ? 'SPs' : 'Observers'}>
        {users.map((u) => (
          <li key={u.id} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{u.user.name}</p>
              {u.user.email ? <p className="truncate text-xs text-slate-500">{u.user.email}</p> : null}
            </div>
            {canConfigure ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={!online || remove.isPending}
                onClick={() => remove.mutate(u.user_id)}
                aria-label={`Remove ${u.user.name}`}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canConfigure ? (
        <UserPicker
          scenarioId={scenario.id}
          kind={roleId === 2 ? 'sp-options' : 'observer-options'}
          exclude={users.map((u) => u.user_id)}
          disabled={!online}
          buttonLabel={`Add ${noun}`}
          busy={add.isPending}
          onPick={(userId) => add.mutateAsync(userId)}
        />
      ) : null}
    </div>
  );
}

/** The scenario's trainer: add one (add-trainer) or remove them (update-field trainer_user_id null). */
export function TrainerSection({ scenario, online }: { scenario: ScenarioDetail; online: boolean }) {
  const canConfigure = scenario.abilities.can_configure;
  const add = useScenarioCall(
    scenario.id,
    (userId: number) => apiCall(scenariosApi.addTrainer, { params: { id: scenario.id }, body: { user_id: userId } }),
    { errorTitle: 'Error adding trainer', success: () => M.trainerAdded },
  );
  const remove = useScenarioCall(scenario.id, () => updateScenarioField(scenario.id, 'trainer_user_id', null), {
    errorTitle: 'Error removing trainer',
    success: () => M.trainerRemoved,
  });
  return (
    <div className="space-y-2">
      {scenario.trainer ? (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-slate-800" data-testid="scenario-trainer">
            {scenario.trainer.name}
          </p>
          {canConfigure ? (
            <Button size="sm" variant="ghost" disabled={!online || remove.isPending} onClick={() => remove.mutate(undefined)}>
              Remove Trainer
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-500">No trainer</p>
      )}
      {canConfigure ? (
        <UserPicker
          scenarioId={scenario.id}
          kind="trainer-options"
          exclude={scenario.trainer_user_id ? [scenario.trainer_user_id] : []}
          disabled={!online}
          buttonLabel="Add Trainer"
          busy={add.isPending}
          onPick={(userId) => add.mutateAsync(userId)}
        />
      ) : null}
    </div>
  );
}

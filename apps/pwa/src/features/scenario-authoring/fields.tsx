import {
  moneySchema,
  type SCENARIO_CORE_FIELDS,
  SCENARIO_LINE_MAX,
  SCENARIO_MESSAGES,
  SCENARIO_TEXT_MAX,
  type ScenarioCoreField,
  type ScenarioFieldDefinition,
  SESSION_DURATIONS,
  TAG_MAX,
  TAGS_MAX,
} from '@simvisit/schema';
import { Button, cn } from '@simvisit/ui';
import { type ReactNode, useId, useState } from 'react';
import { useAutosave } from './autosave';
import { CommentBubble, InlineCommentPanel } from './comments';
import { ImagePicker } from './ImagePicker';
import { useGiftcardCampaigns } from './scenario-api';
import { isEmptyValue, type WriteMode } from './scenario-view';

export interface FieldWriter {
  mode: WriteMode;
  online: boolean;
  saveCore(key: ScenarioCoreField, value: unknown): Promise<void>;
  saveFieldValue(fieldId: number, value: string): Promise<void>;
}

/** Fields are read-only when the caller may not edit, or when edits go online and there is no network. */
export function isLocked(writer: FieldWriter): boolean {
  return writer.mode === 'readonly' || (writer.mode === 'online' && !writer.online);
}

const CONTROL =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-600 ' +
  'aria-invalid:border-red-500';

/**
 * A field of the scenario: its label with the red asterisk while a required field is empty (spec 001 §2),
 * its comment bubble, the control, and a message under it.
 */
function FieldFrame({
  id,
  label,
  commentKey,
  missing,
  error,
  children,
  labelAs = 'label',
}: {
  id: string;
  label: string;
  commentKey: string;
  missing: boolean;
  error: string | null;
  children: ReactNode;
  labelAs?: 'label' | 'span';
}) {
  const Label = labelAs;
  return (
    <div className="relative space-y-1.5" data-testid={`scenario-field-${commentKey}`}>
      <div className="flex items-center gap-1 text-sm font-medium text-slate-700">
        <Label id={`${id}-label`} {...(labelAs === 'label' ? { htmlFor: id } : {})}>
          {label}
        </Label>
        {missing ? (
          <span className="text-red-600" title="Required" data-testid="required-marker">
            *<span className="sr-only"> (required, empty)</span>
          </span>
        ) : null}
        <CommentBubble field={commentKey} />
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <InlineCommentPanel field={commentKey} />
    </div>
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function TextControl({
  id,
  multiline,
  value,
  maxLength,
  disabled,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  multiline: boolean;
  value: string;
  maxLength: number;
  disabled: boolean;
  error: string | null;
  onChange: (v: string) => void;
  onBlur: () => void;
}) {
  const common = {
    id,
    value,
    maxLength,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onBlur,
  };
  return multiline ? (
    <textarea {...common} rows={4} className={cn(CONTROL, 'resize-y')} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <input {...common} type="text" className={CONTROL} onChange={(e) => onChange(e.target.value)} />
  );
}

/** A text core field (line or paragraph), saved after a pause in typing; empty is stored as null. */
function TextCoreField({ field, value, writer }: { field: (typeof SCENARIO_CORE_FIELDS)[number]; value: unknown; writer: FieldWriter }) {
  const id = useId();
  const stored = typeof value === 'string' ? value : '';
  const save = useAutosave(stored, (next) => writer.saveCore(field.key, next.trim() === '' ? null : next));
  return (
    <FieldFrame id={id} label={field.label} commentKey={field.key} missing={field.required && isEmptyValue(save.draft)} error={save.error}>
      <TextControl
        id={id}
        multiline={field.kind === 'text'}
        value={save.draft}
        maxLength={field.kind === 'text' ? SCENARIO_TEXT_MAX : SCENARIO_LINE_MAX}
        disabled={isLocked(writer)}
        error={save.error}
        onChange={(v) => save.change(v)}
        onBlur={() => void save.flush()}
      />
    </FieldFrame>
  );
}

/** Gift card amount: a number of at least 1 (spec 001 §5), or empty. */
function MoneyCoreField({ field, value, writer }: { field: (typeof SCENARIO_CORE_FIELDS)[number]; value: unknown; writer: FieldWriter }) {
  const id = useId();
  const stored = typeof value === 'number' ? String(value) : '';
  const save = useAutosave(stored, async (next) => {
    if (next.trim() === '') return writer.saveCore(field.key, null);
    const parsed = moneySchema.safeParse(next);
    if (!parsed.success) throw new Error(SCENARIO_MESSAGES.moneyMin);
    return writer.saveCore(field.key, parsed.data);
  });
  return (
    <FieldFrame id={id} label={field.label} commentKey={field.key} missing={false} error={save.error}>
      <input
        id={id}
        type="number"
        min={1}
        step="0.01"
        inputMode="decimal"
        value={save.draft}
        disabled={isLocked(writer)}
        aria-invalid={save.error ? true : undefined}
        aria-describedby={save.error ? `${id}-error` : undefined}
        onChange={(e) => save.change(e.target.value)}
        onBlur={() => void save.flush()}
        className={cn(CONTROL, 'max-w-48')}
      />
    </FieldFrame>
  );
}

/** A select saved as soon as it changes (yes/no, duration, campaign). */
function SelectCoreField({
  field,
  value,
  writer,
  options,
  placeholder,
  toValue,
}: {
  field: (typeof SCENARIO_CORE_FIELDS)[number];
  value: unknown;
  writer: FieldWriter;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  toValue: (raw: string) => unknown;
}) {
  const id = useId();
  const stored = value === null || value === undefined ? '' : String(value);
  const save = useAutosave(stored, (next) => writer.saveCore(field.key, toValue(next)));
  return (
    <FieldFrame id={id} label={field.label} commentKey={field.key} missing={field.required && save.draft === ''} error={save.error}>
      <select
        id={id}
        value={save.draft}
        disabled={isLocked(writer)}
        aria-invalid={save.error ? true : undefined}
        onChange={(e) => save.change(e.target.value, true)}
        className={cn(CONTROL, 'max-w-sm pr-8')}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
] as const;
const DURATIONS = SESSION_DURATIONS.map((m) => ({ value: String(m), label: `${m} minutes` }));

function CampaignField({ field, value, writer }: { field: (typeof SCENARIO_CORE_FIELDS)[number]; value: unknown; writer: FieldWriter }) {
  const campaigns = useGiftcardCampaigns();
  const options = (campaigns.data?.giftcard_options ?? []).map((c) => ({ value: c.campaign_id, label: c.campaign_name }));
  // A saved campaign the list no longer offers (or that is not loaded offline) still shows.
  if (typeof value === 'string' && value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return (
    <SelectCoreField
      field={field}
      value={value}
      writer={writer}
      options={options}
      placeholder="No campaign"
      toValue={(raw) => (raw === '' ? null : raw)}
    />
  );
}

/** Tags: added with Enter or the Add button, removed one by one; saved at once. */
function TagsField({ field, value, writer }: { field: (typeof SCENARIO_CORE_FIELDS)[number]; value: unknown; writer: FieldWriter }) {
  const id = useId();
  const stored = Array.isArray(value) ? (value as string[]) : [];
  const save = useAutosave<string[]>(stored, (next) => writer.saveCore(field.key, next), { equals: sameJson });
  const [text, setText] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const locked = isLocked(writer);
  function add() {
    const tag = text.trim();
    if (!tag) return;
    if (save.draft.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      setHint('This tag is already there.');
      return;
    }
    if (save.draft.length >= TAGS_MAX) {
      setHint(`A scenario has at most ${TAGS_MAX} tags.`);
      return;
    }
    setHint(null);
    setText('');
    save.change([...save.draft, tag], true);
  }
  return (
    <FieldFrame id={id} label={field.label} commentKey={field.key} missing={false} error={save.error ?? hint}>
      <ul className="flex flex-wrap gap-2" aria-label="Tags">
        {save.draft.length === 0 ? <li className="text-sm text-slate-500">No tags</li> : null}
        {save.draft.map((tag) => (
          <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
            {tag}
            {locked ? null : (
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                className="rounded-full px-1 text-brand-700 hover:bg-brand-100"
                onClick={() =>
                  save.change(
                    save.draft.filter((t) => t !== tag),
                    true,
                  )
                }
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {locked ? null : (
        <div className="flex max-w-md gap-2">
          <input
            id={id}
            type="text"
            value={text}
            maxLength={TAG_MAX}
            placeholder="Add a tag"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            className={CONTROL}
          />
          <Button variant="secondary" onClick={add} disabled={text.trim() === ''}>
            Add Tag
          </Button>
        </div>
      )}
    </FieldFrame>
  );
}

function ImageCoreField({ field, value, writer }: { field: (typeof SCENARIO_CORE_FIELDS)[number]; value: unknown; writer: FieldWriter }) {
  const id = useId();
  const stored = typeof value === 'string' ? value : null;
  const save = useAutosave<string | null>(stored, (next) => writer.saveCore(field.key, next));
  return (
    <FieldFrame id={id} label={field.label} commentKey={field.key} missing={isEmptyValue(save.draft)} error={save.error} labelAs="span">
      <ImagePicker
        value={save.draft}
        disabled={isLocked(writer)}
        onSelect={(location) => save.change(location, true)}
        labelId={`${id}-label`}
      />
    </FieldFrame>
  );
}

/** One core field (the Overview group) by its kind. */
export function CoreField({ field, value, writer }: { field: (typeof SCENARIO_CORE_FIELDS)[number]; value: unknown; writer: FieldWriter }) {
  switch (field.kind) {
    case 'image':
      return <ImageCoreField field={field} value={value} writer={writer} />;
    case 'line':
    case 'text':
      return <TextCoreField field={field} value={value} writer={writer} />;
    case 'money':
      return <MoneyCoreField field={field} value={value} writer={writer} />;
    case 'yesno':
      return <SelectCoreField field={field} value={value ?? 0} writer={writer} options={YES_NO} toValue={Number} />;
    case 'duration':
      return (
        <SelectCoreField
          field={field}
          value={value}
          writer={writer}
          options={DURATIONS}
          placeholder="Select a duration"
          toValue={(raw) => (raw === '' ? null : Number(raw))}
        />
      );
    case 'campaign':
      return <CampaignField field={field} value={value} writer={writer} />;
    case 'tags':
      return <TagsField field={field} value={value} writer={writer} />;
  }
}

/** A grouped field (Learner Brief, Patient Background...): a paragraph saved after a pause in typing. */
export function GroupField({ field, value, writer }: { field: ScenarioFieldDefinition; value: string; writer: FieldWriter }) {
  const id = useId();
  const save = useAutosave(value, (next) => writer.saveFieldValue(field.id, next));
  return (
    <FieldFrame id={id} label={field.label} commentKey={`field_${field.id}`} missing={false} error={save.error}>
      <TextControl
        id={id}
        multiline
        value={save.draft}
        maxLength={SCENARIO_TEXT_MAX}
        disabled={isLocked(writer)}
        error={save.error}
        onChange={(v) => save.change(v)}
        onBlur={() => void save.flush()}
      />
      <p className="text-xs text-slate-500">{field.type === 1 ? 'Seen by the SP' : 'Seen by the learner'}</p>
    </FieldFrame>
  );
}

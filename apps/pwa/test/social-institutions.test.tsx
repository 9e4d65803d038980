import { INSTITUTION_MESSAGES, SOCIAL_MESSAGES } from '@simvisit/schema';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InstitutionForm } from '../src/features/institutions/InstitutionForm';
import { SocialPostModal } from '../src/features/social-posts/SocialPostModal';
import { ApiError } from '../src/lib/api';

const saveSocialPost = vi.fn();
const saveInstitution = vi.fn();
const notifySuccess = vi.fn();
vi.mock('../src/features/social-posts/social-posts-api', () => ({ saveSocialPost: (...a: unknown[]) => saveSocialPost(...a) }));
vi.mock('../src/features/institutions/institutions-api', () => ({ saveInstitution: (...a: unknown[]) => saveInstitution(...a) }));
vi.mock('../src/platform/notices', () => ({ notifySuccess: (m: string) => notifySuccess(m), notifyAdminCallFailure: vi.fn() }));

beforeEach(() => {
  saveSocialPost.mockReset();
  saveInstitution.mockReset();
  notifySuccess.mockReset();
});

function errorUnder(label: string): string | null {
  const control = screen.getByLabelText(label, { exact: false });
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
}

describe('SocialPostModal', () => {
  const today = '2026-11-27';

  it('shows the spec’s words under empty fields and an early date, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<SocialPostModal post={null} today={today} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Create Social Media Post' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(errorUnder('Title')).toBe('A title is required'));
    expect(errorUnder('Description')).toBe('A description is required');
    expect(saveSocialPost).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Publish Date', { exact: false }) as HTMLInputElement).min).toBe('2026-10-28');
  });

  it('refuses a GIF before sending and sends the fields with a PNG', async () => {
    saveSocialPost.mockResolvedValue({ message: SOCIAL_MESSAGES.created, social_post: {} });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<SocialPostModal post={null} today={today} onClose={onClose} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Title', { exact: false }), 'Spring cases');
    await user.type(screen.getByLabelText('Description', { exact: false }), 'New scenarios.');
    const input = screen.getByLabelText('Image');
    await user.upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText('The image must be a JPEG or PNG file.')).toBeTruthy();
    const png = new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' });
    await user.upload(input, png);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saveSocialPost).toHaveBeenCalled());
    expect(saveSocialPost.mock.calls[0]).toEqual([
      { title: 'Spring cases', description: 'New scenarios.', published_on: today },
      png,
      undefined,
    ]);
    expect(notifySuccess).toHaveBeenCalledWith('Social Media Post created');
    expect(onSaved).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a post by its id and shows a server refusal of the image under it', async () => {
    saveSocialPost.mockRejectedValue(
      new ApiError(422, { message: 'The image could not be read.', errors: { file: ['The image could not be read.'] } }),
    );
    const user = userEvent.setup();
    const post = { id: 7, title: 'Old', description: 'Text', image_path: null, published_on: '2026-11-20' };
    render(<SocialPostModal post={post} today={today} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect((screen.getByLabelText('Title', { exact: false }) as HTMLInputElement).value).toBe('Old');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByText('The image could not be read.')).toBeTruthy());
    expect(saveSocialPost.mock.calls[0]?.[2]).toBe(7);
  });
});

describe('InstitutionForm', () => {
  it('shows the spec’s words for a missing or long name and a rate out of range, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<InstitutionForm institution={null} onClose={vi.fn()} onSaved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(errorUnder('Institution Name')).toBe('Please provide an institution name.'));
    await user.type(screen.getByLabelText('Institution Name', { exact: false }), 'x'.repeat(256));
    const rate = screen.getByLabelText('Royalty Rate (USD)', { exact: false });
    await user.clear(rate);
    await user.type(rate, '1000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(errorUnder('Royalty Rate (USD)')).toBe(INSTITUTION_MESSAGES.rateRange));
    expect(saveInstitution).not.toHaveBeenCalled();
  });

  it('creates with the rate as dollars and hands the list back', async () => {
    const institutions = [{ id: 1, name: 'Lakeside', royalty_rate: '12.50', deletable: true }];
    saveInstitution.mockResolvedValue({ message: 'Institution created', institutions });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<InstitutionForm institution={null} onClose={vi.fn()} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Institution Name', { exact: false }), 'Lakeside');
    const rate = screen.getByLabelText('Royalty Rate (USD)', { exact: false });
    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(institutions));
    expect(saveInstitution).toHaveBeenCalledWith({ name: 'Lakeside', royalty_rate: 12.5 }, undefined);
    expect(notifySuccess).toHaveBeenCalledWith('Institution created');
  });
});

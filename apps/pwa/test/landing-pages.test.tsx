import { type ArticlesResponse, LANDING_MESSAGES as M } from '@simvisit/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleModal } from '../src/features/landing-pages/ArticleModal';
import { BannerColorForm } from '../src/features/landing-pages/BannerColorForm';
import { LogoForm } from '../src/features/landing-pages/LogoForm';
import { ApiError } from '../src/lib/api';

const calls = vi.hoisted(() => ({ notifyFailure: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../src/platform/notices', () => ({ notifyFailure: calls.notifyFailure, notifySuccess: calls.notifySuccess }));
// The tiptap editor is platform/rich-text's (tested with the rubrics); a plain text area stands in for it here.
vi.mock('../src/platform/rich-text', () => ({
  loadRichTextEditor: async () => ({
    RichTextEditor: ({
      id,
      label,
      value,
      onChange,
      error,
    }: {
      id: string;
      label: string;
      value: string;
      onChange: (v: string) => void;
      error?: string | null;
    }) => (
      <div>
        <label htmlFor={id}>{label}</label>
        <textarea id={id} defaultValue={value} onChange={(e) => onChange(e.target.value)} />
        {error ? <p>{error}</p> : null}
      </div>
    ),
  }),
}));

/** The clear button is a react-query mutation. */
const withQueries = (ui: ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;

const choices: Pick<ArticlesResponse, 'authors' | 'partners'> = {
  authors: [{ id: 7, full_name: 'Dr. Ada Reyes', biosketch: 'Educator.' }],
  partners: [{ id: 3, short_name: 'Lakeside' }],
};

describe('ArticleModal', () => {
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
  });

  it('shows the spec’s words for missing fields and sends nothing', async () => {
    const send = vi.fn();
    render(<ArticleModal choices={choices} onClose={() => {}} send={send} />);
    const user = userEvent.setup();
    await screen.findByLabelText('Article');
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText(M.titleRequired)).toBeTruthy();
    expect(screen.getByText(M.descriptionRequired)).toBeTruthy();
    expect(screen.getByText(M.articleTextRequired)).toBeTruthy();
    expect(screen.getByText(M.authorRequired)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a picked image that is not JPEG or PNG, then sends the article as multipart with its images', async () => {
    const send = vi.fn().mockResolvedValue({ message: M.articleCreated });
    const onClose = vi.fn();
    render(<ArticleModal choices={choices} onClose={onClose} send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Title/), 'Caring for the whole patient');
    await user.type(screen.getByLabelText(/^Description/), 'Empathy in practice.');
    await user.selectOptions(screen.getByLabelText(/^Partner/), '3');
    await user.selectOptions(screen.getByLabelText(/^Author/), '7');
    fireEvent.change(await screen.findByLabelText('Article'), { target: { value: '<p>Body</p>' } });
    const web = screen.getByLabelText('Web image');
    fireEvent.change(web, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(M.imageType)).toBeTruthy();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' });
    fireEvent.change(web, { target: { files: [jpeg] } });
    await vi.waitFor(() => expect(screen.queryByText(M.imageType)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const [form, editing] = send.mock.calls[0] as [FormData, boolean];
    expect(editing).toBe(false);
    expect(form.get('title')).toBe('Caring for the whole patient');
    expect(form.get('author_id')).toBe('7');
    expect(form.get('partner_id')).toBe('3');
    expect(form.get('article_text')).toBe('<p>Body</p>');
    expect((form.get('file') as File).name).toBe('a.jpg');
    expect(form.get('file_large')).toBeNull();
    expect(calls.notifySuccess).toHaveBeenCalledWith(M.articleCreated);
    expect(onClose).toHaveBeenCalled();
  });

  it('puts the server’s 422 message under its field and stays open', async () => {
    const send = vi
      .fn()
      .mockRejectedValue(new ApiError(422, { message: M.publishedOnTooEarly, errors: { published_on: [M.publishedOnTooEarly] } }));
    const onClose = vi.fn();
    const article = {
      id: 4,
      partner_id: 3,
      partner_name: 'Lakeside',
      title: 'Old',
      description: 'Old one',
      article_text: '<p>Old</p>',
      author_id: 7,
      published_on: '2020-01-01',
      image_path: null,
      image_path_large: null,
      author: choices.authors[0]!,
    };
    render(<ArticleModal article={article} choices={choices} onClose={onClose} send={send} />);
    const user = userEvent.setup();
    await screen.findByLabelText('Article');
    await user.click(screen.getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText(M.publishedOnTooEarly)).toBeTruthy();
    const form = send.mock.calls[0]![0] as FormData;
    expect(form.get('id')).toBe('4');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('BannerColorForm', () => {
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
  });

  it('sends the picked colour as 6 hex digits and reports the server’s words', async () => {
    const setColor = vi.fn().mockResolvedValue({ message: M.bannerColorUpdated });
    const clearColor = vi.fn();
    render(withQueries(<BannerColorForm colour={null} setColor={setColor} clearColor={clearColor} />));
    expect((screen.getByRole('button', { name: 'Clear Banner Color' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Current: transparent')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Banner Color'), { target: { value: '#aabbcc' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Set Banner Color' }));
    await vi.waitFor(() => expect(setColor).toHaveBeenCalledWith('aabbcc'));
    expect(calls.notifySuccess).toHaveBeenCalledWith(M.bannerColorUpdated);
  });

  it('clears the colour, and shows a refusal with the spec’s title', async () => {
    const setColor = vi.fn().mockRejectedValue(new ApiError(403, { message: 'Forbidden.' }));
    const clearColor = vi.fn().mockResolvedValue({ message: M.bannerColorCleared });
    render(withQueries(<BannerColorForm colour="112233" setColor={setColor} clearColor={clearColor} />));
    const user = userEvent.setup();
    expect(screen.getByText('Current: #112233')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear Banner Color' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.bannerColorCleared));
    await user.click(screen.getByRole('button', { name: 'Set Banner Color' }));
    await vi.waitFor(() => expect(calls.notifyFailure).toHaveBeenCalledWith(M.bannerColorError, expect.any(ApiError)));
    expect(screen.getByText('Forbidden.')).toBeTruthy();
  });
});

describe('LogoForm: a file field', () => {
  beforeEach(() => {
    for (const fn of Object.values(calls)) fn.mockReset();
  });

  function errorOf(control: HTMLElement): string | null {
    const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null;
  }

  it("asks for a file and refuses one over 4MB with the spec's words, sending nothing", async () => {
    const upload = vi.fn();
    render(<LogoForm upload={upload} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Logo file');
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }));
    expect(errorOf(input)).toBe(M.logoRequired);
    const big = new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(input as HTMLInputElement, big);
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }));
    expect(errorOf(input)).toBe(M.logoTooLarge);
    expect(upload).not.toHaveBeenCalled();
  });

  it("sends the picked File, empties the input after, and puts the server's 422 under the field", async () => {
    const upload = vi
      .fn()
      .mockResolvedValueOnce({ message: M.logoUploaded })
      .mockRejectedValueOnce(new ApiError(422, { message: M.logoType, errors: { logo_file: [M.logoType] } }));
    render(<LogoForm upload={upload} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Logo file') as HTMLInputElement;
    const logo = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await user.upload(input, logo);
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }));
    await vi.waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith(M.logoUploaded));
    expect(upload.mock.calls[0]?.[0].logo_file).toBe(logo);
    expect(input.value).toBe('');

    await user.upload(input, new File(['not a png'], 'fake.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload Logo' }));
    await vi.waitFor(() => expect(errorOf(input)).toBe(M.logoType));
    expect(calls.notifyFailure).toHaveBeenCalledWith(M.logoError, expect.any(ApiError));
  });
});

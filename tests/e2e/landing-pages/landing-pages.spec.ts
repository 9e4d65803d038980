import { ACCOUNTS } from '../../support/accounts';
import { login } from '../../support/auth';
import { createPartner } from '../../support/factories';
import { field } from '../../support/forms';
import { expect, expectAccessible, test } from '../../support/test';

/** A 1x1 PNG: the server scales logos to 60 px high and re-encodes article images, whatever they were. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('Landing pages (issue 13 items 7 and 9)', () => {
  test('a super admin publishes an article, sets a logo and a banner colour, and the public landing page shows them', async ({ page }) => {
    // A partner of this journey's own: no other journey reads its branding.
    const partner = await createPartner({ prefix: 'landing', isSim: true });
    const stamp = Math.random().toString(36).slice(2, 7);
    const author = `Dr. Landing ${stamp}`;
    const title = `Simulated visits that teach ${stamp}`;

    await login(page, ACCOUNTS.superadmin);

    await page.goto('/management/articles');
    await expect(page.getByRole('heading', { name: 'Articles', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create New Author' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create New Author' });
    await field(dialog, 'Full Name').fill(author);
    await field(dialog, 'Biosketch').fill('Family physician and simulation educator.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Author' }).click();
    await expect(page.getByText('The author has been created.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Create New Article' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Article' });
    await field(dialog, 'Title').fill(title);
    await field(dialog, 'Description').fill('What learners gain from practising with standardized patients.');
    await field(dialog, 'Partner').selectOption({ label: partner.short_name });
    await field(dialog, 'Author').selectOption({ label: author });
    await dialog.getByRole('textbox', { name: 'Article', exact: true }).fill('Practice makes confident clinicians.');
    await dialog.getByLabel('Web image').setInputFiles({ name: 'web.png', mimeType: 'image/png', buffer: PNG });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Article' }).click();
    await expect(page.getByText('The article has been created.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText(author);

    await page.goto('/management/partners');
    await expectAccessible(page);
    await page.getByRole('link', { name: `View ${partner.short_name}` }).click();
    await expect(page.getByRole('heading', { name: `Landing Page: ${partner.short_name}` })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload Logo' }).click();
    await expect(page.getByText('Logo Uploaded')).toBeVisible();
    await page.getByLabel('Banner Color').fill('#336699');
    await page.getByRole('button', { name: 'Set Banner Color' }).click();
    await expect(page.getByText('Banner Color Updated')).toBeVisible();
    await expect(page.getByText('Current: #336699')).toBeVisible();
    const publicPath = `/p/${partner.slug}`;
    await expect(page.getByRole('link', { name: 'Open the landing page' })).toHaveAttribute('href', publicPath);

    // The public page, for someone not signed in.
    await page.context().clearCookies();
    await page.goto(publicPath);
    await expect(page.getByRole('heading', { name: `Welcome to ${partner.long_name}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId('landing-banner')).toHaveCSS('background-color', 'rgb(51, 102, 153)');
    const logo = page.getByRole('img', { name: partner.long_name });
    await expect(logo).toHaveAttribute('src', /\/api\/files\/partner-logos\/[0-9a-f-]+\.png$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(60);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(author)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/login?partner_slug=${partner.slug}`);
    await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', `/register?partner_slug=${partner.slug}`);
    await expectAccessible(page);

    // A partner that takes no registrations (decision 0090): Sign In, and no Register leading to a dead end.
    await page.goto('/p/simclusive');
    await expect(page.getByRole('heading', { level: 1, name: 'Inclusive simulation for every learner' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?partner_slug=simclusive');
    await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expectAccessible(page, 'a landing page without Register');

    // A partner whose seats are all taken says so, rather than offering a Register that would be refused.
    const full = await createPartner({ prefix: 'landing-full', seats: 3, usedSeats: 3 });
    await page.goto(`/p/${full.slug}`);
    await expect(page.getByText(`Sorry, ${full.long_name} has no seats left. Please contact your institution to register.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto('/p/no-such-partner-anywhere');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
    await expectAccessible(page);
  });
});

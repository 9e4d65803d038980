import { ACCOUNTS } from '../../support/accounts';
import { login, notification } from '../../support/auth';
import { field } from '../../support/forms';
import { expect, expectAccessible, test } from '../../support/test';

/**
 * Social Media Posts and Institutions (spec 002 §2.10, §2.13): a super admin creates, edits and deletes a post
 * with an image, and creates an institution. Titles and names are unique to the run; nothing else reads them.
 */

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a super admin creates, edits and deletes a social media post', async ({ page }) => {
  const title = `Spring cases ${Date.now().toString(36)}`;
  await login(page, ACCOUNTS.superadmin);
  await page.goto('/management/social-media');
  await expect(page.getByRole('heading', { level: 1, name: 'Social Media Posts' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Post' }).click();
  const create = page.getByRole('dialog', { name: 'Create Social Media Post' });
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('A title is required')).toBeVisible();
  await field(create, 'Title').fill(title);
  await field(create, 'Description').fill('New scenarios for the spring term.');
  await create.getByLabel('Image').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: PNG });
  await expectAccessible(page, 'the create modal');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Social Media Post created')).toBeVisible();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Social Media Post' });
  await field(edit, 'Title').fill(`${title} (updated)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Social Media Post updated')).toBeVisible();
  await expect(page.getByRole('cell', { name: `${title} (updated)`, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${title} (updated)` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Social Media Post' });
  await expectAccessible(page, 'the delete modal');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(notification(page, 'Social Media Post Deleted')).toBeVisible();
  await expect(page.getByRole('cell', { name: `${title} (updated)`, exact: true })).toHaveCount(0);
});

test('a super admin creates an institution with a royalty rate', async ({ page }) => {
  const name = `Lakeside Institute ${Date.now().toString(36)}`;
  await login(page, ACCOUNTS.superadmin);
  await page.goto('/management/institutions');
  await expect(page.getByRole('heading', { level: 1, name: 'Institutions' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Institution' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Institution' });
  await field(dialog, 'Institution Name').fill(name);
  await field(dialog, 'Royalty Rate (USD)').fill('12.5');
  await expectAccessible(page, 'the institution modal');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Institution created')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('$12.50');
});

import { login, logoutViaUserMenu, notification } from '../../support/auth';
import { createUser, type TestUser } from '../../support/factories';
import { field } from '../../support/forms';
import { expect, expectAccessible, type Page, test } from '../../support/test';

// This journey needs the service worker (offline, install, push): on, as on a person's device (decision 0084).
test.use({ serviceWorkers: 'allow' });

/**
 * The profile page (spec 000 §2.13, §5, §8; issue 3 item 4). Each test signs in as a new author of its own (a
 * factory user), whose city, mobile number, SMS setting, profile image and password it may change: no other
 * journey sees them.
 */

const NEW_PASSWORD = 'author-changed-2026';
const SMS_NOTICE = 'In order to enable SMS notifications you must provide a valid mobile number under the Personal Information section.';

/** This test's author (a factory user, made before each test). */
let user: TestUser;

async function openProfile(page: Page, email: string = user.email, password: string = user.password): Promise<void> {
  await login(page, email, { password });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expectAccessible(page);
}

/** A profile section (a card named by its heading). */
function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** The inline editor of one field, open after its Edit button. */
function editor(page: Page, label: string) {
  return page.getByRole('form', { name: `Edit ${label}`, exact: true });
}

async function startEditing(page: Page, label: string) {
  await page.getByRole('button', { name: `Edit ${label}`, exact: true }).click();
  await expect(editor(page, label)).toBeVisible();
}

function smsSwitch(page: Page) {
  return page.getByRole('switch', { name: 'SMS Notifications' });
}

/** A PNG made by the browser's own canvas: a 640x400 picture with a white disc, as a buffer for a file input. */
async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1c7b93';
    context.fillRect(0, 0, 640, 400);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(320, 200, 120, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test.describe('Profile (spec 000 §2.13)', () => {
  test.beforeEach(async () => {
    user = await createUser('author');
  });

  test('a learner sees Licenses; other roles see Licenses & Experience, and the legal links', async ({ page }) => {
    const learner = await createUser('learner');
    await openProfile(page, learner.email, learner.password);
    await expect(section(page, 'Licenses')).toBeVisible();
    await expect(section(page, 'Licenses & Experience')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Years of Experience' })).toHaveCount(0);
    await expect(section(page, 'Personal Information')).toBeVisible();
    await expect(section(page, 'Address')).toBeVisible();
    await expect(section(page, 'Notification Settings')).toBeVisible();
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');

    await logoutViaUserMenu(page, learner.name);
    await openProfile(page);
    const licenses = section(page, 'Licenses & Experience');
    await expect(licenses.getByRole('button', { name: 'Edit Years of Experience' })).toBeVisible();
    await expect(licenses.getByRole('button', { name: 'Edit Experience', exact: true })).toBeVisible();
  });

  test('a field is edited inline and saved; Cancel restores the saved value', async ({ page }) => {
    await openProfile(page);
    const address = section(page, 'Address');

    await startEditing(page, 'City');
    await field(editor(page, 'City'), 'City').fill('Springfield');
    await editor(page, 'City').getByRole('button', { name: 'Save' }).click();
    await expect(editor(page, 'City')).toHaveCount(0);
    await expect(address.getByText('Springfield')).toBeVisible();

    await startEditing(page, 'City');
    await expect(field(editor(page, 'City'), 'City')).toHaveValue('Springfield');
    await field(editor(page, 'City'), 'City').fill('Shelbyville');
    await editor(page, 'City').getByRole('button', { name: 'Cancel' }).click();
    await expect(address.getByText('Springfield')).toBeVisible();
    await expect(address.getByText('Shelbyville')).toHaveCount(0);

    // The saved value came from the server, not only from the page.
    await page.reload();
    await expect(section(page, 'Address').getByText('Springfield')).toBeVisible();
  });

  test('field errors are shown under the field with a danger border', async ({ page }) => {
    await openProfile(page);

    // The server refuses an email change with a wrong current password.
    await startEditing(page, 'Email');
    const email = editor(page, 'Email');
    await field(email, 'Email').fill('terry@demo.test');
    await field(email, 'Current Password').fill('not-my-password');
    await email.getByRole('button', { name: 'Save' }).click();
    await expect(email.getByText('The provided password does not match your current password.')).toBeVisible();
    await expect(field(email, 'Current Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(email, 'Current Password')).toHaveClass(/border-red-500/);
    await expectAccessible(page, 'the profile with a field error');
    await email.getByRole('button', { name: 'Cancel' }).click();
    await expect(section(page, 'Personal Information').getByText(user.email)).toBeVisible();

    // The allowlist's rule for the field, checked before sending.
    await startEditing(page, 'NPI Number');
    await field(editor(page, 'NPI Number'), 'NPI Number').fill('12345');
    await editor(page, 'NPI Number').getByRole('button', { name: 'Save' }).click();
    await expect(editor(page, 'NPI Number').getByText('The NPI number must be 10 digits.')).toBeVisible();
    await expect(field(editor(page, 'NPI Number'), 'NPI Number')).toHaveAttribute('aria-invalid', 'true');
  });

  test('SMS notifications are refused without a mobile number, with the spec’s notice', async ({ page, context }) => {
    await openProfile(page);
    await expect(smsSwitch(page)).toHaveAttribute('aria-checked', 'false');
    await smsSwitch(page).click();
    await expect(notification(page, 'Mobile Number Required')).toContainText(SMS_NOTICE);
    await expect(smsSwitch(page)).toHaveAttribute('aria-checked', 'false');

    // The server holds the same line whatever the page does: a 422 with the same words.
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
    const refused = await page.request.patch('/api/auth/user/update-field/enable_sms_notifications', {
      data: { value: true },
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({
      message: 'Mobile Number Required',
      errors: { enable_sms_notifications: [SMS_NOTICE] },
    });
    await page.reload();
    await expect(smsSwitch(page)).toHaveAttribute('aria-checked', 'false');
  });

  test('push notifications the browser cannot set up stay off, and the page says why', async ({ page, context }) => {
    await openProfile(page);
    await context.grantPermissions(['notifications']);
    const push = page.getByRole('switch', { name: 'Push Notifications' });
    await expect(push).toHaveAttribute('aria-checked', 'false');
    // Playwright's browser contexts have no push service: the whole Chromium refuses the Push API there, and the headless
    // shell the journeys run in keeps notifications blocked whatever was granted. Either way the page says why.
    await push.click();
    await expect(push).toHaveAccessibleDescription(/push service refused|Notifications are blocked for this site/, { timeout: 20_000 });
    await expect(push).toHaveAttribute('aria-checked', 'false');
  });

  test('an invalid mobile number cannot be saved; a valid one is, and SMS can then be turned on', async ({ page }) => {
    await openProfile(page);
    await startEditing(page, 'Mobile Number');
    const mobile = editor(page, 'Mobile Number');
    const input = field(mobile, 'Mobile Number');
    // The phone input loads on first use; a disabled stand-in shows until then.
    await expect(input).toBeEnabled();
    await input.pressSequentially('555');
    await expect(mobile.getByText('Mobile number invalid')).toBeVisible();
    await expect(mobile.getByRole('button', { name: 'Save' })).toBeDisabled();

    await input.fill('');
    await input.pressSequentially('2133734253');
    await expect(input).toHaveValue('(213) 373-4253');
    await expect(mobile.getByText('Mobile number invalid')).toHaveCount(0);
    await mobile.getByRole('button', { name: 'Save' }).click();
    await expect(section(page, 'Personal Information').getByText('+1 213 373 4253')).toBeVisible();

    await smsSwitch(page).click();
    await expect(smsSwitch(page)).toHaveAttribute('aria-checked', 'true');
    await expect(notification(page, 'Mobile Number Required')).toHaveCount(0);
    await page.reload();
    await expect(smsSwitch(page)).toHaveAttribute('aria-checked', 'true');
  });

  test('a chosen picture is cropped to a 300x300 PNG and shown in the page header and the top bar', async ({ page }) => {
    await openProfile(page);
    const png = await makePng(page);

    await page.getByRole('button', { name: 'Update Profile Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile Image' });
    await expect(dialog.getByRole('button', { name: 'Save Image' })).toBeDisabled();
    await field(dialog, 'Image file').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });

    // Zoom with the slider, then drag the picture inside the square.
    await field(dialog, 'Zoom').fill('1.5');
    await expectAccessible(page, 'the profile image dialog');
    const box = (await dialog.getByLabel(/^Crop area/).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.up();

    await dialog.getByRole('button', { name: 'Save Image' }).click();
    await expect(dialog).toBeHidden();
    await expect(notification(page, 'Profile image updated.')).toBeVisible();

    const header = page.getByRole('img', { name: 'Your profile image' });
    await expect(header).toHaveAttribute('src', /^\/api\/files\/profile-images\/[0-9a-f-]{36}\.png$/);
    const src = (await header.getAttribute('src'))!;
    await expect(page.getByRole('banner').locator(`img[src="${src}"]`)).toBeVisible();

    // What the server stored is a 300x300 PNG (the IHDR chunk's width and height).
    const response = await page.request.get(src);
    expect(response.status()).toBe(200);
    const stored = await response.body();
    expect(stored.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([300, 300]);
  });

  test('offline, the profile is shown and Save is disabled', async ({ page, context }) => {
    await openProfile(page);
    await context.setOffline(true);
    await expect(page.getByText('Your profile is shown as last saved on this device.')).toBeVisible();
    await startEditing(page, 'Job Title');
    await expect(editor(page, 'Job Title').getByText('You are offline')).toBeVisible();
    await expect(editor(page, 'Job Title').getByRole('button', { name: 'Save' })).toBeDisabled();
    await context.setOffline(false);
    await expect(editor(page, 'Job Title').getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('a wrong current password is refused; the right one changes the password', async ({ page }) => {
    await openProfile(page);
    const form = page.getByRole('form', { name: 'Change Password' });

    await field(form, 'Current Password').fill('not-my-password');
    await field(form, 'New Password').fill(NEW_PASSWORD);
    await field(form, 'Confirm New Password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Save Password' }).click();
    await expect(notification(page, 'Error saving password')).toContainText('The provided password does not match your current password.');
    await expect(form.getByText('The provided password does not match your current password.')).toBeVisible();
    await expect(field(form, 'Current Password')).toHaveAttribute('aria-invalid', 'true');

    await field(form, 'Current Password').fill(user.password);
    await form.getByRole('button', { name: 'Save Password' }).click();
    await expect(notification(page, 'Password updated.')).toBeVisible();
    await expect(field(form, 'Current Password')).toHaveValue('');

    // Signing in again takes the new password.
    await logoutViaUserMenu(page, user.name);
    await openProfile(page, user.email, NEW_PASSWORD);
  });
});
